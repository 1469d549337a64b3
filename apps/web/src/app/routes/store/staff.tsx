import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { StaffManager } from '@/features/partners/components/staff-manager';

export function Component() {
  const { t } = useTranslation(['pages', 'common']);
  return (
    <Page title={t(paths.store.staff.titleKey)} subtitle={t('store.staff.summary', { defaultValue: '' }) || undefined}>
      <StaffManager />
    </Page>
  );
}
