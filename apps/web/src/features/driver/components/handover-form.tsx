import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DialpadOutlinedIcon from '@mui/icons-material/DialpadOutlined';
import { useTranslation } from 'react-i18next';
import { formatCurrency } from '@app/shared/format';
import { HANDOVER_CODE_LENGTH } from '@app/shared/schemas/households';
import type { OrderDetail } from '@app/shared/schemas/orders';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { ZodForm } from '@/components/form/zod-form';
import { useTransitionOrder } from '@/data/orders';
import { isNetworkFailure } from '@/lib/api-error';
import { useOnline } from '@/lib/network-status';
import { notify } from '@/lib/notify';
import { handleConflict } from '../utils/transition-errors';
import { EMPTY_PAYMENT, handoverFormSchema } from '../utils/handover-schema';
import { digitsOnly, PaymentFields } from '@/components/form/payment-fields';
import { usePaymentTexts } from '../utils/use-payment-texts';

export interface HandoverFormProps {
  order: OrderDetail;
  /** Steps of this order still wait in the outbox: the server has not got the weights, so there is no code yet. */
  stepsWaiting: boolean;
  /** After the answer (completed, or changed meanwhile): the screen reloads the order. */
  reload: () => void;
}

/**
 * A household's pickup in `waiting_store` whose household has no phone at hand (design.md
 * section 21): the driver enters the 6-digit code from the household's SMS and how it was
 * paid, and the pickup completes. Not through the outbox: the server checks the code (5
 * wrong tries end it), and the driver must know at the door whether it was right, so it
 * needs the network and says so without one.
 */
export function HandoverForm({ order, stepsWaiting, reload }: HandoverFormProps) {
  const { t } = useTranslation(['driver', 'common']);
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const transition = useTransitionOrder();
  const form = useZodForm(handoverFormSchema, { defaultValues: { handover_code: '', payment: EMPTY_PAYMENT } });
  const amount = formatCurrency(order.vendor_amount);
  const paymentTexts = usePaymentTexts(amount);

  const submit = form.submit(async (body) => {
    try {
      await transition.mutateAsync({ action: 'complete', id: order.id, body });
    } catch (error) {
      if (handleConflict(error, 'complete', reload)) return;
      // Said in the driver's words: the code cannot be checked here, what to do instead.
      if (isNetworkFailure(error)) throw new Error(t('handover.offline'), { cause: error });
      throw error;
    }
    notify.success(t('handover.done'));
    reload();
  });

  if (!open) {
    return (
      <Button variant="outlined" size="large" fullWidth startIcon={<DialpadOutlinedIcon />} onClick={() => setOpen(true)} sx={{ py: 1.5, textAlign: 'left' }}>
        {t('handover.open')}
      </Button>
    );
  }

  const blocked = stepsWaiting || !online;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="handover-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <ZodForm form={form} onSubmit={submit}>
        <Stack spacing={2}>
          <Typography id="handover-heading" variant="h2" sx={{ fontSize: '1.15rem' }}>
            {t('handover.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('handover.intro', { amount })}
          </Typography>
          {stepsWaiting ? (
            <Alert severity="warning">{t('handover.stepsWaiting')}</Alert>
          ) : (
            !online && <Alert severity="warning">{t('handover.offline')}</Alert>
          )}
          <FormTextField
            name="handover_code"
            label={t('handover.code')}
            hint={t('handover.codeHint', { count: HANDOVER_CODE_LENGTH })}
            parse={digitsOnly}
            required
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', enterKeyHint: 'done' } }}
          />
          <PaymentFields name="payment" texts={paymentTexts} />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => setOpen(false)} disabled={form.formState.isSubmitting}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting} disabled={blocked}>
              {t('handover.submit')}
            </Button>
          </Stack>
        </Stack>
      </ZodForm>
    </Paper>
  );
}
