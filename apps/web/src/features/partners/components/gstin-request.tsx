import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import { formatDateTime } from '@app/shared/format';
import type { Vendor } from '@app/shared/schemas/partners';
import { useApproveVendorGstin, useRejectVendorGstin } from '@/data/partners';
import { ApiError } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { NS } from '../i18n';

// A vendor's own GSTIN change waits for an admin (design.md section 16): the vendor sees it
// pending beside its current GSTIN, an admin approves or rejects it on the vendor's page.

type PendingVendor = Pick<Vendor, 'id' | 'gstin' | 'requested_gstin' | 'gstin_requested_at'>;

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.detail : fallback);

/** The requested GSTIN with "pending admin approval"; nothing while no request waits. */
export function PendingGstin({ vendor }: { vendor: PendingVendor }) {
  const { t } = useTranslation(NS);
  if (!vendor.gstin_requested_at) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="pending-gstin" sx={{ mt: 0.5 }}>
      {vendor.requested_gstin ? t('gstinRequest.pending', { gstin: vendor.requested_gstin }) : t('gstinRequest.pendingNone')}
      {' · '}
      {t('gstinRequest.asked', { date: formatDateTime(vendor.gstin_requested_at) })}
    </Typography>
  );
}

/** An admin's view of a waiting request, with Approve and Reject; nothing while none waits. */
export function GstinRequestReview({ vendor }: { vendor: PendingVendor }) {
  const { t } = useTranslation([NS, 'common']);
  const approve = useApproveVendorGstin();
  const [rejecting, setRejecting] = useState(false);
  if (!vendor.gstin_requested_at) return null;
  const none = t('hints.gstinNone');
  const onApprove = () =>
    approve.mutate({ id: vendor.id, gstin: vendor.requested_gstin }, { onSuccess: () => notify.success(t('gstinRequest.approved')) });
  return (
    <>
      <Alert
        severity="warning"
        role="region"
        aria-label={t('gstinRequest.reviewTitle')}
        sx={{ mt: 2 }}
        action={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button size="small" variant="contained" color="success" onClick={onApprove} loading={approve.isPending}>
              {t('gstinRequest.approve')}
            </Button>
            <Button size="small" variant="outlined" color="error" onClick={() => setRejecting(true)} disabled={approve.isPending}>
              {t('gstinRequest.reject')}
            </Button>
          </Stack>
        }
      >
        <AlertTitle>{t('gstinRequest.reviewTitle')}</AlertTitle>
        {t('gstinRequest.reviewBody', { from: vendor.gstin ?? none, to: vendor.requested_gstin ?? none, date: formatDateTime(vendor.gstin_requested_at) })}
        {approve.isError && (
          <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
            {errorText(approve.error, t('common:messages.haveAnError'))}
          </Typography>
        )}
      </Alert>
      {rejecting && <RejectGstinDialog vendor={vendor} onClose={() => setRejecting(false)} />}
    </>
  );
}

function RejectGstinDialog({ vendor, onClose }: { vendor: PendingVendor; onClose: () => void }) {
  const { t } = useTranslation([NS, 'common']);
  const reject = useRejectVendorGstin();
  const [reason, setReason] = useState('');
  const submit = () =>
    reject.mutate(
      { id: vendor.id, body: { reason: reason.trim() || undefined } },
      {
        onSuccess: () => {
          notify.success(t('gstinRequest.rejected'));
          onClose();
        },
      },
    );
  const fieldError = reject.error instanceof ApiError ? reject.error.errors.reason?.join(' ') : undefined;
  return (
    <Dialog open onClose={reject.isPending ? undefined : onClose} fullWidth slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX } } }} aria-labelledby="reject-gstin-title">
      <DialogTitle id="reject-gstin-title">{t('gstinRequest.rejectTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('gstinRequest.rejectIntro', { gstin: vendor.gstin ?? t('hints.gstinNone') })}</DialogContentText>
          {reject.isError && !fieldError && (
            <Alert severity="error" role="alert">
              {errorText(reject.error, t('common:messages.haveAnError'))}
            </Alert>
          )}
          <TextField
            label={t('fields.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            error={!!fieldError}
            helperText={fieldError}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={reject.isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={submit} loading={reject.isPending}>
          {t('gstinRequest.rejectConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
