import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatOrderNumber } from '@app/shared/format';
import { paymentInputSchema } from '@app/shared/schemas/households';
import type { OrderDetail } from '@app/shared/schemas/orders';
import { FormDialog } from '@/components/form/form-dialog';
import { PaymentFields } from '@/components/form/payment-fields';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormErrorAlert } from '@/components/form/zod-form';
import { useTransitionOrder } from '@/data/orders';
import { addTranslations } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { ordersEn } from '../locales/en';

addTranslations('orders', ordersEn);

/** The API names the payment's parts under `payment` (PATCH /orders/complete/{id}/). */
const SERVER_FIELD_MAP = { payment: 'method', 'payment.method': 'method', 'payment.reference': 'reference' } as const;

/**
 * The household approves its weighed pickup (design.md section 21): how the driver paid it,
 * cash or UPI with the payment's 12-digit reference, checked by the shared paymentInputSchema
 * (the API's own), then PATCH /orders/complete/{id}/ with `payment`. Its answer's messages land
 * under the field they name; the dialog stays open until the order is completed.
 */
export function PaymentDialog({ order, onClose }: { order: Pick<OrderDetail, 'id' | 'vendor_amount'>; onClose: () => void }) {
  const { t } = useTranslation(['orders', 'common']);
  const transition = useTransitionOrder();
  const form = useZodForm(paymentInputSchema, { defaultValues: { method: undefined, reference: '' }, fieldMap: SERVER_FIELD_MAP });
  const onSubmit = form.submit(async (payment) => {
    try {
      await transition.mutateAsync({ action: 'complete', id: order.id, body: { payment } });
    } catch (error) {
      notify.error(t('common:messages.completeFailed'));
      throw error;
    }
    notify.success(t('payment.done'));
    onClose();
  });
  const titleId = `payment-${order.id}`;
  return (
    <FormDialog
      form={form}
      onSubmit={onSubmit}
      titleId={titleId}
      title={t('payment.title', { number: formatOrderNumber(order.id) })}
      cancelLabel={t('payment.back')}
      submitLabel={t('payment.submit')}
      submitColor="success"
      onClose={onClose}
      // The household answers on a phone: nearly the screen's width.
      paperSx={{ m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: '100%' } }}
      actionsSx={{ px: 3, pb: 2 }}
    >
      <Stack spacing={2}>
        <DialogContentText>{t('payment.intro', { amount: formatCurrency(order.vendor_amount) })}</DialogContentText>
        <FormErrorAlert form={form} />
        <PaymentFields
          name={null}
          texts={{
            legend: t('payment.method'),
            cash: t('payment.cash'),
            upi: t('payment.upi'),
            reference: t('payment.reference'),
            referenceHint: t('payment.referenceHint'),
          }}
        />
      </Stack>
    </FormDialog>
  );
}
