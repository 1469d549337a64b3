import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { PayoutsQueue } from '@/features/payouts/components/payouts-queue';

export function Component() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('admin.payouts.title')} subtitle={t('admin.payouts.summary')}>
      <PayoutsQueue />
    </Page>
  );
}
