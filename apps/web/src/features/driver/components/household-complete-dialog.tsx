import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatWeight } from '@app/shared/format';
import type { OrderDetail } from '@app/shared/schemas/orders';
import { FormDialog } from '@/components/form/form-dialog';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormErrorAlert } from '@/components/form/zod-form';
import { EMPTY_PAYMENT, paymentFormSchema } from '../utils/handover-schema';
import type { OutboxStep } from '../outbox/outbox-types';
import { PaymentFields } from '@/components/form/payment-fields';
import { usePaymentTexts } from '../utils/use-payment-texts';

export interface HouseholdCompleteDialogProps {
  order: OrderDetail;
  onClose: () => void;
  /** Runs the step through the outbox; rejects with the server's refusal of its first try (shown at its field). */
  onComplete: (step: Extract<OutboxStep, { kind: 'complete' }>) => Promise<unknown>;
}

/**
 * Confirming the admin's corrections of a household's pickup (`waiting_driver`) completes it,
 * and a household's completion says how the driver paid it (design.md section 21). A step
 * like the others: through the outbox, so it waits on the phone without a signal (the payment
 * is what the driver saw, nothing the server must check at the door).
 */
export function HouseholdCompleteDialog({ order, onClose, onComplete }: HouseholdCompleteDialogProps) {
  const { t } = useTranslation(['driver', 'common']);
  const form = useZodForm(paymentFormSchema, { defaultValues: { payment: EMPTY_PAYMENT } });
  const amount = formatCurrency(order.vendor_amount);
  const paymentTexts = usePaymentTexts(amount);
  const submit = form.submit(async ({ payment }) => {
    await onComplete({ kind: 'complete', body: { payment } });
  });
  return (
    <FormDialog
      form={form}
      onSubmit={submit}
      titleId="household-complete-title"
      title={t('complete.householdTitle')}
      cancelLabel={t('common:actions.cancel')}
      submitLabel={t('steps.complete')}
      onClose={onClose}
    >
      <Stack spacing={2}>
        <DialogContentText>{t('complete.householdText', { weight: formatWeight(order.total_weight), amount })}</DialogContentText>
        <FormErrorAlert form={form} />
        <PaymentFields name="payment" texts={paymentTexts} />
      </Stack>
    </FormDialog>
  );
}
