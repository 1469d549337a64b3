import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { DriversTable } from '@/features/partners/components/drivers-table';

export function Component() {
  const { t } = useTranslation(['pages', 'common']);
  return (
    <Page title={t(paths.admin.drivers.titleKey)} subtitle={t('admin.drivers.summary', { defaultValue: '' }) || undefined}>
      <DriversTable />
    </Page>
  );
}
