import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { ReconciliationReport } from '@/features/reconciliation/components/reconciliation-report';

export function Component() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('admin.reconciliation.title')} subtitle={t('admin.reconciliation.summary')}>
      <ReconciliationReport />
    </Page>
  );
}
