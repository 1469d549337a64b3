import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import { useTranslation } from 'react-i18next';
import { DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import { formatCurrency } from '@app/shared/format';
import { createPayoutBodySchema, PAYOUT_TEXT_MAX } from '@app/shared/schemas/money';
import { LabelledAmount } from '@/components/labelled-amount';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormErrorAlert, ZodForm } from '@/components/form/zod-form';
import { useRequestPayout } from '@/data/payouts';
import { addTranslations } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { payoutsEn } from '../locales/en';

addTranslations('payouts', payoutsEn);

export interface RequestPayoutButtonProps {
  /** Rupees that may be paid out now (the wallet's `available`). */
  available: number;
}

/** "Request payout" and its dialog: the amount (at most what is available) and a note. */
export function RequestPayoutButton({ available }: RequestPayoutButtonProps) {
  const { t } = useTranslation('payouts');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" startIcon={<PaymentsOutlinedIcon />} onClick={() => setOpen(true)} disabled={available <= 0}>
        {t('request.button')}
      </Button>
      {open && <RequestPayoutDialog available={available} onClose={() => setOpen(false)} />}
    </>
  );
}

/** POST /payouts/ as the API checks it, and no more than is available (in paise, as the schema reads the amount). */
function useRequestSchema(available: number) {
  const { t } = useTranslation('payouts');
  return useMemo(() => {
    const { amount } = createPayoutBodySchema.shape;
    return createPayoutBodySchema.extend({
      amount: amount.refine((paise) => paise <= Math.round(available * 100), t('errors.amountTooHigh', { amount: formatCurrency(available) })),
    });
  }, [available, t]);
}

function RequestPayoutDialog({ available, onClose }: { available: number; onClose: () => void }) {
  const { t } = useTranslation('payouts');
  const request = useRequestPayout();
  // One key per dialog: pressing Request again after a lost answer is the same request.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const form = useZodForm(useRequestSchema(available), { mode: 'onSubmit', defaultValues: { amount: '', note: '' } });

  const onSubmit = form.submit(async (values) => {
    const payout = await request.mutateAsync({ amount: values.amount / 100, note: values.note ?? undefined, idempotencyKey });
    notify.success(t('request.done', { amount: formatCurrency(payout.amount) }));
    onClose();
  });

  return (
    <Dialog open onClose={request.isPending ? undefined : onClose} fullWidth aria-labelledby="request-payout-title" slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX } } }}>
      <ZodForm form={form} onSubmit={onSubmit} formErrorOnTop={false}>
        <DialogTitle id="request-payout-title">{t('request.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="payout-available" sx={{ mb: 2 }} data-testid="payout-available">
            <LabelledAmount label={t('request.available')} amount={formatCurrency(available)} />
          </DialogContentText>
          <FormErrorAlert form={form} sx={{ mb: 2 }} />
          <FormTextField
            name="amount"
            label={t('fields.amount')}
            required
            autoFocus
            hint={t('request.amountHint')}
            slotProps={{
              htmlInput: { inputMode: 'decimal', 'aria-describedby': 'payout-available' },
              input: { endAdornment: <InputAdornment position="end">INR</InputAdornment> },
            }}
            sx={{ mb: 2 }}
          />
          <Button size="small" onClick={() => form.setValue('amount', String(available), { shouldDirty: true })} sx={{ mt: -1, mb: 2 }}>
            {t('request.all')}
          </Button>
          <FormTextField name="note" label={t('fields.note')} multiline minRows={2} hint={t('request.noteHint')} slotProps={{ htmlInput: { maxLength: PAYOUT_TEXT_MAX } }} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={request.isPending}>
            {t('actions.close')}
          </Button>
          <Button type="submit" variant="contained" loading={request.isPending}>
            {t('request.submit')}
          </Button>
        </DialogActions>
      </ZodForm>
    </Dialog>
  );
}
