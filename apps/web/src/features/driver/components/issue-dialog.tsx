import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import { issueBodySchema, ORDER_REASON_MAX } from '@app/shared/schemas/orders';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormErrorAlert, ZodForm } from '@/components/form/zod-form';

export interface IssueDialogProps {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  /** Sends the reason; rejects with the server's error (its `errors.reason` shows under the field). */
  onSubmit: (reason: string) => Promise<unknown>;
}

/** Asks what went wrong before the pickup is stopped with an issue. */
export function IssueDialog({ open, busy, onClose, onSubmit }: IssueDialogProps) {
  const { t } = useTranslation(['driver', 'common']);
  const form = useZodForm(issueBodySchema, { defaultValues: { reason: '' } });
  const reason = useWatch({ control: form.control, name: 'reason' }) ?? '';
  const submit = form.submit((values) => onSubmit(values.reason));
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX } } }} aria-labelledby="issue-title">
      <ZodForm form={form} onSubmit={submit} formErrorOnTop={false}>
        <DialogTitle id="issue-title">{t('issue.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('issue.text')}</DialogContentText>
          <FormErrorAlert form={form} sx={{ mb: 2 }} />
          <FormTextField
            name="reason"
            autoFocus
            multiline
            minRows={3}
            label={t('issue.reason')}
            hint={`${reason.length}/${ORDER_REASON_MAX}`}
            slotProps={{ htmlInput: { maxLength: ORDER_REASON_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" color="error" variant="contained" loading={busy}>
            {t('issue.submit')}
          </Button>
        </DialogActions>
      </ZodForm>
    </Dialog>
  );
}
