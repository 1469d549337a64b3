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
import { formatOrderNumber } from '@app/shared/format';
import { ORDER_REASON_MAX } from '@app/shared/schemas/orders';
import { ApiError } from '@/lib/api-error';
import { addTranslations } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useTransitionOrder } from '@/data/orders';
import { ordersEn } from '../locales/en';

addTranslations('orders', ordersEn);

/** Asks before cancelling an order (with an optional reason), then cancels it. */
export function CancelOrderDialog({ orderId, open, onClose, onDone }: { orderId: number; open: boolean; onClose: () => void; onDone?: () => void }) {
  const { t } = useTranslation('orders');
  const transition = useTransitionOrder();
  const [reason, setReason] = useState('');
  const number = formatOrderNumber(orderId);
  const error = transition.error;
  const reasonError = error instanceof ApiError ? error.errors.reason?.join(' ') : undefined;

  const close = () => {
    if (transition.isPending) return;
    transition.reset();
    setReason('');
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={`cancel-${orderId}`} fullWidth slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX } } }}>
      <DialogTitle id={`cancel-${orderId}`}>{t('cancel.title', { number })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('cancel.body')}</DialogContentText>
        {error && !reasonError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error instanceof ApiError ? error.detail : t('messages.haveAnError')}
          </Alert>
        )}
        <TextField
          label={t('cancel.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          fullWidth
          multiline
          minRows={2}
          error={!!reasonError}
          helperText={reasonError}
          slotProps={{ htmlInput: { maxLength: ORDER_REASON_MAX } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={transition.isPending}>
          {t('cancel.keep')}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={transition.isPending}
          onClick={() =>
            transition.mutate(
              { action: 'cancel', id: orderId, body: { reason: reason.trim() || null } },
              {
                onSuccess: () => {
                  notify.success(t('messages.updateSuccess'));
                  setReason('');
                  transition.reset();
                  onClose();
                  onDone?.();
                },
              },
            )
          }
        >
          {t('cancel.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
