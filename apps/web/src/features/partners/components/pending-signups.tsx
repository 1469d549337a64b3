import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import HowToRegOutlinedIcon from '@mui/icons-material/HowToRegOutlined';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@app/shared/format';
import type { MemberListItem } from '@app/shared/schemas/members';
import { DataTable, type Column } from '@/components/list/data-table';
import { ListResults } from '@/components/list/list-results';
import { cityName } from '@/lib/city-name';
import { notify } from '@/lib/notify';
import { useApproveMember, usePendingMembers, useRejectMember, type SignupRole } from '@/data/members';
import { useCities } from '@/data/catalog';
import { NS } from '../i18n';
import { RejectDialog } from './reject-dialog';
import { VendorChoiceDialog } from './vendor-choice-dialog';

/** The sign-ups of one member type waiting for an admin: approve (a store with its vendor) or reject with a reason. */
export function PendingSignups({ role }: { role: SignupRole }) {
  const { t } = useTranslation([NS, 'common']);
  const members = usePendingMembers(role);
  const cities = useCities();
  const [approving, setApproving] = useState<MemberListItem | null>(null);
  const [rejecting, setRejecting] = useState<MemberListItem | null>(null);
  const cityOf = (id: number | null) => {
    const city = cities.data?.find((c) => c.id === id);
    return city ? cityName(city) : '—';
  };

  const columns: Column<MemberListItem>[] = [
    {
      id: 'organisation',
      header: t('pending.organisation'),
      wrap: true,
      cell: (member) => (
        <>
          <Typography sx={{ fontWeight: 600 }}>{member.organisation_name ?? '—'}</Typography>
          <Typography variant="body2" color="text.secondary">
            {cityOf(member.city_id)}
          </Typography>
        </>
      ),
    },
    {
      id: 'person',
      header: t('pending.person'),
      wrap: true,
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
    { id: 'address', header: t('fields.address'), hideBelow: 'md', wrap: true, cell: (member) => member.address ?? '—' },
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
      {rejecting && <RejectSignupDialog member={rejecting} onClose={() => setRejecting(null)} />}
    </>
  );
}

function displayName(member: MemberListItem) {
  return member.organisation_name ?? member.name;
}

function ApproveDialog({ member, onClose }: { member: MemberListItem; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const approve = useApproveMember();
  const isStore = member.role === 'store';
  const name = displayName(member);
  return (
    <VendorChoiceDialog
      titleId="approve-title"
      title={t('pending.approveTitle', { name })}
      intro={isStore ? t('pending.approveStoreIntro') : t('pending.approveVendorIntro')}
      picker={isStore ? { initial: member.vendor_id, hint: t('hints.vendorOptional') } : undefined}
      confirmLabel={t('pending.approve')}
      confirmColor="success"
      send={async (vendorId) => {
        await approve.mutateAsync({ id: member.id, vendorId: isStore ? vendorId : undefined });
        notify.success(t('pending.approved', { name }));
      }}
      onClose={onClose}
    />
  );
}

function RejectSignupDialog({ member, onClose }: { member: MemberListItem; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const reject = useRejectMember();
  const name = displayName(member);
  return (
    <RejectDialog
      titleId="reject-title"
      title={t('pending.rejectTitle', { name })}
      intro={t('pending.rejectIntro')}
      hint={t('hints.rejectReason')}
      confirmLabel={t('pending.reject')}
      send={async (reason) => {
        await reject.mutateAsync({ id: member.id, reason });
        notify.success(t('pending.rejected', { name }));
      }}
      onClose={onClose}
    />
  );
}
