import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { OrderSettingsForm } from '@/features/settings/components/order-settings-form';

export function Component() {
  const { t } = useTranslation(['pages', 'common']);
  return (
    <Page title={t(paths.admin.settingsOrder.titleKey)}>
      <OrderSettingsForm />
    </Page>
  );
}
