import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { DocumentPage } from '@/features/settings/components/document-page';

export function Component() {
  const { t } = useTranslation(['pages', 'common']);
  return (
    <Page title={t(paths.vendor.privacy.titleKey)}>
      <DocumentPage settingKey="privacy" editable={false} />
    </Page>
  );
}
