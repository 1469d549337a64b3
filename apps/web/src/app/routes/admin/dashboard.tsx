import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { AdminDashboard } from '@/features/dashboards/components/admin-dashboard';

export function Component() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('admin.dashboard.title')} subtitle={t('admin.dashboard.summary')}>
      <AdminDashboard />
    </Page>
  );
}
