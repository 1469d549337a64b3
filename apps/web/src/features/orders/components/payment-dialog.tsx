import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { asciiDigits } from '@app/shared/digits';
import { formatCurrency, formatOrderNumber } from '@app/shared/format';
import { PAYMENT_METHODS, paymentInputSchema, UPI_REFERENCE_LENGTH, type PaymentMethod } from '@app/shared/schemas/households';
import type { OrderDetail } from '@app/shared/schemas/orders';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormErrorAlert } from '@/components/form/zod-form';
import { useTransitionOrder } from '@/data/orders';
import { addTranslations } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { ordersEn } from '../locales/en';

addTranslations('orders', ordersEn);

/** The API names the payment's parts under `payment` (PATCH /orders/complete/{id}/). */
const SERVER_FIELD_MAP = { payment: 'method', 'payment.method': 'method', 'payment.reference': 'reference' } as const;

/** A reference as typed: any script's digits as ASCII, no spaces (UPI apps show it in groups). */
const readReference = (text: string): string => asciiDigits(text).replace(/\s/g, '');

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
  const method = useWatch({ control: form.control, name: 'method' });
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
        <FormField
          name="method"
          render={({ value, onChange, error }) => (
            <FormControl component="fieldset" error={!!error} required>
              <FormLabel component="legend">{t('payment.method')}</FormLabel>
              <RadioGroup
                name="method"
                row
                value={(value as PaymentMethod | undefined) ?? ''}
                onChange={(event) => {
                  const next = event.target.value as PaymentMethod;
                  // Cash has no reference: one typed for UPI first is not sent.
                  if (next === 'cash') form.setValue('reference', '');
                  onChange(next);
                }}
              >
                {PAYMENT_METHODS.map((choice) => (
                  <FormControlLabel key={choice} value={choice} control={<Radio />} label={t(`payment.${choice}`)} />
                ))}
              </RadioGroup>
              {error && <FormHelperText>{error}</FormHelperText>}
            </FormControl>
          )}
        />
        {method === 'upi' && (
          <FormTextField
            name="reference"
            label={t('payment.reference')}
            hint={t('payment.referenceHint')}
            required
            autoComplete="off"
            parse={readReference}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: UPI_REFERENCE_LENGTH + 4 } }}
          />
        )}
      </Stack>
    </FormDialog>
  );
}
