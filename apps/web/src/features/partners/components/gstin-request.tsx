import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@app/shared/format';
import type { Vendor } from '@app/shared/schemas/partners';
import { useApproveVendorGstin, useRejectVendorGstin } from '@/data/partners';
import { ApiError } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { NS } from '../i18n';
import { RejectDialog } from './reject-dialog';

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
  const { t } = useTranslation(NS);
  const reject = useRejectVendorGstin();
  return (
    <RejectDialog
      titleId="reject-gstin-title"
      title={t('gstinRequest.rejectTitle')}
      intro={t('gstinRequest.rejectIntro', { gstin: vendor.gstin ?? t('hints.gstinNone') })}
      confirmLabel={t('gstinRequest.rejectConfirm')}
      send={async (reason) => {
        await reject.mutateAsync({ id: vendor.id, body: { reason } });
        notify.success(t('gstinRequest.rejected'));
      }}
      onClose={onClose}
    />
  );
}
