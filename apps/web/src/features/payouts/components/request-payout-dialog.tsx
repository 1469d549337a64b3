import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import { useTranslation } from 'react-i18next';
import { DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import { formatCurrency } from '@app/shared/format';
import { parseRupees } from '@app/shared/money';
import { ApiError } from '@/lib/api-error';
import { addTranslations } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { PAYOUT_TEXT_MAX } from '../api/payout-schema';
import { newIdempotencyKey, useRequestPayout } from '../api/request-payout';
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

function RequestPayoutDialog({ available, onClose }: { available: number; onClose: () => void }) {
  const { t } = useTranslation('payouts');
  const request = useRequestPayout();
  // One key per dialog: pressing Request again after a lost answer is the same request.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);

  const serverError = request.error instanceof ApiError ? request.error : null;
  const amountError = localError ?? serverError?.errors.amount?.join(' ') ?? null;
  const noteError = serverError?.errors.note?.join(' ') ?? null;
  const otherError = request.error && !amountError && !noteError ? (serverError?.detail ?? t('errors.generic')) : null;

  const submit = () => {
    const parsed = parseRupees(amount);
    if (!parsed.ok) return setLocalError(t('errors.amountFormat'));
    if (parsed.value > Math.round(available * 100)) return setLocalError(t('errors.amountTooHigh', { amount: formatCurrency(available) }));
    setLocalError(null);
    request.mutate(
      { amount: parsed.value / 100, note: note.trim() || undefined, idempotencyKey },
      {
        onSuccess: (payout) => {
          notify.success(t('request.done', { amount: formatCurrency(payout.amount) }));
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onClose={request.isPending ? undefined : onClose} fullWidth aria-labelledby="request-payout-title" slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX } } }}>
      <DialogTitle id="request-payout-title">{t('request.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="payout-available" sx={{ mb: 2 }} data-testid="payout-available">
          {t('request.available', { amount: formatCurrency(available) })}
        </DialogContentText>
        {otherError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {otherError}
          </Alert>
        )}
        <TextField
          label={t('fields.amount')}
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setLocalError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submit();
          }}
          required
          fullWidth
          autoFocus
          error={!!amountError}
          helperText={amountError ?? t('request.amountHint')}
          slotProps={{
            htmlInput: { inputMode: 'decimal', 'aria-describedby': 'payout-available' },
            input: { endAdornment: <InputAdornment position="end">INR</InputAdornment> },
          }}
          sx={{ mb: 2 }}
        />
        <Button size="small" onClick={() => setAmount(String(available))} sx={{ mt: -1, mb: 2 }}>
          {t('request.all')}
        </Button>
        <TextField
          label={t('fields.note')}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          fullWidth
          multiline
          minRows={2}
          error={!!noteError}
          helperText={noteError ?? t('request.noteHint')}
          slotProps={{ htmlInput: { maxLength: PAYOUT_TEXT_MAX } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={request.isPending}>
          {t('actions.close')}
        </Button>
        <Button variant="contained" onClick={submit} loading={request.isPending}>
          {t('request.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
