import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import HowToRegOutlinedIcon from '@mui/icons-material/HowToRegOutlined';
import { useTranslation } from 'react-i18next';
import { DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import { formatDateTime } from '@app/shared/format';
import type { MemberListItem } from '@app/shared/schemas/members';
import { EmptyState } from '@/components/page-states/empty-state';
import { ErrorState } from '@/components/page-states/error-state';
import { ApiError } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useApproveMember } from '../api/approve-member';
import { useCities } from '../api/get-cities';
import { usePendingMembers, type SignupRole } from '../api/get-pending-members';
import { useRejectMember } from '../api/reject-member';
import { NS } from '../i18n';
import { ListFooter, SkeletonRows } from './list-parts';
import { VendorPicker } from './vendor-picker';

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.detail : fallback);

/** The sign-ups of one member type waiting for an admin: approve (a store with its vendor) or reject with a reason. */
export function PendingSignups({ role }: { role: SignupRole }) {
  const { t } = useTranslation(NS);
  const members = usePendingMembers(role);
  const cities = useCities();
  const [approving, setApproving] = useState<MemberListItem | null>(null);
  const [rejecting, setRejecting] = useState<MemberListItem | null>(null);
  const rows = members.data?.pages.flatMap((page) => page.items) ?? [];
  const cityName = (id: number | null) => {
    const city = cities.data?.find((c) => c.id === id);
    return city ? `${city.name}, ${city.state.name}` : '—';
  };

  if (members.isError) return <ErrorState error={members.error} onRetry={() => void members.refetch()} />;
  return (
    <Paper variant="outlined">
      {!members.isPending && rows.length === 0 ? (
        <EmptyState icon={<HowToRegOutlinedIcon fontSize="inherit" />} title={t('pending.emptyTitle')} description={t('pending.empty')} />
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label={role === 'store' ? t('pending.tabStores') : t('pending.tabVendors')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('pending.organisation')}</TableCell>
                  <TableCell>{t('pending.person')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('fields.address')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('pending.signedUp')}</TableCell>
                  <TableCell align="right">{t('common.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {members.isPending ? (
                  <SkeletonRows columns={5} rows={3} />
                ) : (
                  rows.map((member) => (
                    <TableRow key={member.id}>
                      <TableCell>
                        <Typography sx={{ fontWeight: 600 }}>{member.organisation_name ?? '—'}</Typography>
                        <Typography variant="body2" color="text.secondary">
                          {cityName(member.city_id)}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        <Typography variant="body2">{member.name}</Typography>
                        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                          {member.login_id}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {member.phone ?? ''}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{member.address ?? '—'}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>{formatDateTime(member.created_at)}</TableCell>
                      <TableCell align="right">
                        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
                          <Button size="small" variant="contained" color="success" startIcon={<CheckIcon />} onClick={() => setApproving(member)}>
                            {t('pending.approve')}
                          </Button>
                          <Button size="small" variant="outlined" color="error" startIcon={<CloseIcon />} onClick={() => setRejecting(member)}>
                            {t('pending.reject')}
                          </Button>
                        </Stack>
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
          {!members.isPending && (
            <ListFooter shown={rows.length} total={members.data?.pages[0]?.total ?? null} hasMore={!!members.hasNextPage} loading={members.isFetchingNextPage} onMore={() => void members.fetchNextPage()} />
          )}
        </>
      )}
      {approving && <ApproveDialog member={approving} onClose={() => setApproving(null)} />}
      {rejecting && <RejectDialog member={rejecting} onClose={() => setRejecting(null)} />}
    </Paper>
  );
}

function displayName(member: MemberListItem) {
  return member.organisation_name ?? member.name;
}

function ApproveDialog({ member, onClose }: { member: MemberListItem; onClose: () => void }) {
  const { t } = useTranslation(NS);
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
  const { t } = useTranslation(NS);
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
