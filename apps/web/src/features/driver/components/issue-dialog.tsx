import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import { issueBodySchema, ORDER_REASON_MAX } from '@app/shared/schemas/orders';

export interface IssueDialogProps {
  open: boolean;
  busy: boolean;
  /** The server's message for the reason, if it refused it. */
  serverError?: string | null;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}

/** Asks what went wrong before the pickup is stopped with an issue. */
export function IssueDialog({ open, busy, serverError, onClose, onSubmit }: IssueDialogProps) {
  const { t } = useTranslation(['driver', 'common']);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = issueBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('validation.required'));
      return;
    }
    setError(null);
    onSubmit(parsed.data.reason);
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX } } }} aria-labelledby="issue-title">
      <DialogTitle id="issue-title">{t('issue.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('issue.text')}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          label={t('issue.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={!!(error ?? serverError)}
          helperText={error ?? serverError ?? `${reason.length}/${ORDER_REASON_MAX}`}
          slotProps={{ htmlInput: { maxLength: ORDER_REASON_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={submit} loading={busy}>
          {t('issue.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
