import { useTranslation } from 'react-i18next';
import type { PaymentFieldTexts } from '@/components/form/payment-fields';

/** The payment fields' words on the driver's screens: it paid the household `amount`. */
export function usePaymentTexts(amount: string): PaymentFieldTexts {
  const { t } = useTranslation('driver');
  return {
    legend: t('payment.legend', { amount }),
    cash: t('payment.cash'),
    upi: t('payment.upi'),
    reference: t('payment.reference'),
    referenceHint: t('payment.referenceHint'),
  };
}
