import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import { formatCurrency } from '@app/shared/format';
import { ApiError } from '@/lib/api-error';
import { addTranslations } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useDecidePayout } from '../api/decide-payout';
import { PAYOUT_REFERENCE_MAX, PAYOUT_TEXT_MAX, type Payout } from '../api/payout-schema';
import { payoutsEn } from '../locales/en';

addTranslations('payouts', payoutsEn);

export type DecisionKind = 'approve' | 'reject' | 'cancel';

export interface DecidePayoutDialogProps {
  payout: Payout;
  kind: DecisionKind;
  /** The payee as the admin reads it ("Vendor: Green Metals"). */
  payee?: string;
  onClose: () => void;
}

const FIELD = { approve: 'reference', reject: 'reason' } as const;

/**
 * Confirms a decision: approve asks for the bank reference, reject for a reason, cancel
 * only for a yes. A 409 means someone decided first: the dialog says so and the list,
 * already refetched, shows the winner's status.
 */
export function DecidePayoutDialog({ payout, kind, payee, onClose }: DecidePayoutDialogProps) {
  const { t } = useTranslation('payouts');
  const decide = useDecidePayout();
  const [value, setValue] = useState('');
  const [missing, setMissing] = useState(false);
  const field = kind === 'cancel' ? null : FIELD[kind];
  const serverError = decide.error instanceof ApiError ? decide.error : null;
  const fieldError = missing ? t('errors.required') : field ? (serverError?.errors[field]?.join(' ') ?? null) : null;
  const conflict = serverError?.status === 409;
  const otherError = decide.error && !fieldError ? (conflict ? t('errors.decidedMeanwhile') : (serverError?.detail ?? t('errors.generic'))) : null;

  const confirm = () => {
    const text = value.trim();
    if (field && !text) return setMissing(true);
    const input = kind === 'approve' ? { action: kind, id: payout.id, reference: text } : kind === 'reject' ? { action: kind, id: payout.id, reason: text } : { action: kind, id: payout.id };
    decide.mutate(input, {
      onSuccess: () => {
        notify.success(t(`${kind}.done`, { id: payout.id }));
        onClose();
      },
    });
  };

  const titleId = `decide-${kind}-${payout.id}`;
  return (
    <Dialog open onClose={decide.isPending ? undefined : onClose} fullWidth aria-labelledby={titleId} slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX } } }}>
      <DialogTitle id={titleId}>{t(`${kind}.title`, { id: payout.id })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {kind === 'approve' ? t('approve.body', { amount: formatCurrency(payout.amount), payee: payee ?? '' }) : t(`${kind}.body`)}
        </DialogContentText>
        {otherError && (
          <Alert severity={conflict ? 'warning' : 'error'} sx={{ mb: 2 }}>
            {otherError}
          </Alert>
        )}
        {field && !conflict && (
          <TextField
            label={t(`fields.${field}`)}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setMissing(false);
            }}
            required
            fullWidth
            autoFocus
            multiline={field === 'reason'}
            minRows={field === 'reason' ? 2 : undefined}
            error={!!fieldError}
            helperText={fieldError ?? undefined}
            slotProps={{ htmlInput: { maxLength: field === 'reference' ? PAYOUT_REFERENCE_MAX : PAYOUT_TEXT_MAX } }}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={decide.isPending}>
          {conflict ? t('actions.close') : t('actions.keep')}
        </Button>
        {!conflict && (
          <Button variant="contained" color={kind === 'approve' ? 'success' : 'error'} onClick={confirm} loading={decide.isPending}>
            {t(`${kind}.confirm`)}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
