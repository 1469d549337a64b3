import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import HowToRegOutlinedIcon from '@mui/icons-material/HowToRegOutlined';
import { useTranslation } from 'react-i18next';
import { DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import { formatDateTime } from '@app/shared/format';
import type { MemberListItem } from '@app/shared/schemas/members';
import { DataTable, type Column } from '@/components/list/data-table';
import { ListResults } from '@/components/list/list-results';
import { ApiError } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useApproveMember, usePendingMembers, useRejectMember, type SignupRole } from '@/data/members';
import { useCities } from '@/data/catalog';
import { NS } from '../i18n';
import { VendorPicker } from './vendor-picker';

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.detail : fallback);

/** The sign-ups of one member type waiting for an admin: approve (a store with its vendor) or reject with a reason. */
export function PendingSignups({ role }: { role: SignupRole }) {
  const { t } = useTranslation([NS, 'common']);
  const members = usePendingMembers(role);
  const cities = useCities();
  const [approving, setApproving] = useState<MemberListItem | null>(null);
  const [rejecting, setRejecting] = useState<MemberListItem | null>(null);
  const cityName = (id: number | null) => {
    const city = cities.data?.find((c) => c.id === id);
    return city ? `${city.name}, ${city.state.name}` : '—';
  };

  const columns: Column<MemberListItem>[] = [
    {
      id: 'organisation',
      header: t('pending.organisation'),
      cell: (member) => (
        <>
          <Typography sx={{ fontWeight: 600 }}>{member.organisation_name ?? '—'}</Typography>
          <Typography variant="body2" color="text.secondary">
            {cityName(member.city_id)}
          </Typography>
        </>
      ),
    },
    {
      id: 'person',
      header: t('pending.person'),
      cell: (member) => (
        <>
          <Typography variant="body2">{member.name}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {member.login_id}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {member.phone ?? ''}
          </Typography>
        </>
      ),
    },
    { id: 'address', header: t('fields.address'), hideBelow: 'md', cell: (member) => member.address ?? '—' },
    { id: 'signed_up', header: t('pending.signedUp'), hideBelow: 'sm', cell: (member) => formatDateTime(member.created_at) },
    {
      id: 'actions',
      header: t('common.actions'),
      align: 'right',
      cell: (member) => (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button size="small" variant="contained" color="success" startIcon={<CheckIcon />} onClick={() => setApproving(member)}>
            {t('pending.approve')}
          </Button>
          <Button size="small" variant="outlined" color="error" startIcon={<CloseIcon />} onClick={() => setRejecting(member)}>
            {t('pending.reject')}
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <>
      <ListResults query={members} filtered={false} empty={{ title: t('pending.emptyTitle'), description: t('pending.empty'), icon: <HowToRegOutlinedIcon fontSize="inherit" /> }}>
        {(rows) => <DataTable label={role === 'store' ? t('pending.tabStores') : t('pending.tabVendors')} columns={columns} rows={rows} rowKey={(member) => member.id} />}
      </ListResults>
      {approving && <ApproveDialog member={approving} onClose={() => setApproving(null)} />}
      {rejecting && <RejectDialog member={rejecting} onClose={() => setRejecting(null)} />}
    </>
  );
}

function displayName(member: MemberListItem) {
  return member.organisation_name ?? member.name;
}

function ApproveDialog({ member, onClose }: { member: MemberListItem; onClose: () => void }) {
  const { t } = useTranslation([NS, 'common']);
  const approve = useApproveMember();
  const [vendorId, setVendorId] = useState<number | null>(member.vendor_id);
  const isStore = member.role === 'store';
  const name = displayName(member);
  const submit = () =>
    approve.mutate(
      { id: member.id, vendorId: isStore ? (vendorId ?? undefined) : undefined },
      {
        onSuccess: () => {
          notify.success(t('pending.approved', { name }));
          onClose();
        },
      },
    );
  return (
    <Dialog open onClose={approve.isPending ? undefined : onClose} fullWidth slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX } } }} aria-labelledby="approve-title">
      <DialogTitle id="approve-title">{t('pending.approveTitle', { name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{isStore ? t('pending.approveStoreIntro') : t('pending.approveVendorIntro')}</DialogContentText>
          {approve.isError && (
            <Alert severity="error" role="alert">
              {errorText(approve.error, t('common:messages.haveAnError'))}
            </Alert>
          )}
          {isStore && <VendorPicker value={vendorId} onChange={setVendorId} helperText={t('hints.vendorOptional')} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={approve.isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" color="success" onClick={submit} loading={approve.isPending}>
          {t('pending.approve')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RejectDialog({ member, onClose }: { member: MemberListItem; onClose: () => void }) {
  const { t } = useTranslation([NS, 'common']);
  const reject = useRejectMember();
  const [reason, setReason] = useState('');
  const name = displayName(member);
  const submit = () =>
    reject.mutate(
      { id: member.id, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          notify.success(t('pending.rejected', { name }));
          onClose();
        },
      },
    );
  const fieldError = reject.error instanceof ApiError ? reject.error.errors.reason?.join(' ') : undefined;
  return (
    <Dialog open onClose={reject.isPending ? undefined : onClose} fullWidth slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX } } }} aria-labelledby="reject-title">
      <DialogTitle id="reject-title">{t('pending.rejectTitle', { name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('pending.rejectIntro')}</DialogContentText>
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
            helperText={fieldError ?? t('hints.rejectReason')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={reject.isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={submit} loading={reject.isPending}>
          {t('pending.reject')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
