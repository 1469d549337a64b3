import { useTranslation } from 'react-i18next';
import { MissingIdState } from '@/components/page-states/missing-id-state';
import { addTranslations } from '@/lib/i18n';
import { ordersEn } from '../locales/en';

addTranslations('orders', ordersEn);

export { useIdParam as useOrderIdParam } from '@/lib/use-id-param';

/** Shown when an order's page was opened without a valid `?id=`. */
export function MissingOrderId({ listHref }: { listHref: string }) {
  const { t } = useTranslation('orders');
  return <MissingIdState message={t('detail.missingId')} backHref={listHref} backLabel={t('detail.back')} />;
}
