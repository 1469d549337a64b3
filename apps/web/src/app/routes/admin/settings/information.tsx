import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { InformationSettingsForm } from '@/features/settings/components/information-settings-form';

export function Component() {
  const { t } = useTranslation(['pages', 'common']);
  return (
    <Page title={t(paths.admin.settingsInformation.titleKey)}>
      <InformationSettingsForm />
    </Page>
  );
}
