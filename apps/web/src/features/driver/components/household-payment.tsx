import { useTranslation } from 'react-i18next';
import { formatCurrency } from '@app/shared/format';
import type { OrderDetail } from '@app/shared/schemas/orders';

/**
 * A household's pickup in the order's facts (a `<dl>`'s rows): what the driver pays the
 * household (the b2c amount, design.md section 21), and once completed how it was paid and
 * the receipt's number.
 */
export function HouseholdPayment({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('driver');
  const { payment, receipt } = order;
  return (
    <>
      <dt>{t(payment ? 'detail.householdPaid' : 'detail.householdAmount')}</dt>
      <dd data-testid="household-amount">{formatCurrency(order.vendor_amount)}</dd>
      {payment && (
        <>
          <dt>{t('detail.paymentMethod')}</dt>
          <dd data-testid="household-payment">
            {t(`payment.${payment.method}`)}
            {payment.reference && ` · ${payment.reference}`}
          </dd>
        </>
      )}
      {receipt && (
        <>
          <dt>{t('detail.receipt')}</dt>
          <dd data-testid="receipt-number">{receipt.number}</dd>
        </>
      )}
    </>
  );
}
