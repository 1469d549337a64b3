import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatCurrency, formatDateTime } from '@app/shared/format';
import { updateVendorRequestSchema, type Vendor } from '@app/shared/schemas/partners';
import { ErrorState } from '@/components/page-states/error-state';
import { paths } from '@/config/paths';
import { useUpdateVendor, useVendor } from '@/data/partners';
import { NS } from '../i18n';
import { DetailsCard, DetailsLoading } from './details-card';
import { EditDetailsDialog } from './edit-details-dialog';
import { GstinRequestReview, PendingGstin } from './gstin-request';
import { ApprovalChip, DetailItem, StatCard } from './list-parts';
import { StoresTable } from './stores-table';

/**
 * The company card of a vendor, with an edit dialog (admin, or the vendor itself). Only an
 * admin sets the GSTIN: the vendor's own change shows as pending, and an admin reviews it here.
 */
export function VendorInfoCard({ vendor, viewer, title }: { vendor: Vendor; viewer: 'admin' | 'vendor'; title?: string }) {
  const { t } = useTranslation(NS);
  const update = useUpdateVendor();
  const [editing, setEditing] = useState(false);
  return (
    <DetailsCard
      title={title ?? t('vendorDetail.info')}
      onEdit={() => setEditing(true)}
      items={[
        { label: t('fields.companyName'), value: vendor.company_name },
        {
          label: t('fields.city'),
          value: (
            <>
              {vendor.city.name}, {vendor.city.state.name}
            </>
          ),
        },
        { label: t('fields.address'), value: vendor.address },
        { label: t('fields.phone'), value: vendor.phone ?? t('common.notGiven') },
        {
          label: t('fields.gstin'),
          value: (
            <>
              {vendor.gstin ?? t('hints.gstinNone')}
              {viewer === 'vendor' && <PendingGstin vendor={vendor} />}
            </>
          ),
        },
      ]}
    >
      {viewer === 'admin' && <GstinRequestReview vendor={vendor} />}
      {editing && (
        <EditDetailsDialog
          title={t('vendorDetail.editTitle')}
          schema={updateVendorRequestSchema}
          initial={{ company_name: vendor.company_name, address: vendor.address, phone: vendor.phone ?? '', gstin: vendor.gstin ?? '' }}
          fields={[
            { name: 'company_name', label: t('fields.companyName'), required: true, autoComplete: 'organization' },
            { name: 'address', label: t('fields.address'), kind: 'multiline', required: true, autoComplete: 'street-address' },
            { name: 'phone', label: t('fields.phone'), kind: 'tel', nullable: true, helperText: t('hints.phone'), autoComplete: 'tel' },
            { name: 'gstin', label: t('fields.gstin'), nullable: true, helperText: viewer === 'vendor' ? t('gstinRequest.vendorHint') : t('hints.gstin') },
          ]}
          save={(body) => update.mutateAsync({ id: vendor.id, body })}
          onClose={() => setEditing(false)}
        />
      )}
    </DetailsCard>
  );
}

/** The sign-in account behind a vendor or store. */
export function AccountCard({ member }: { member: Vendor['member'] }) {
  const { t } = useTranslation(NS);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}>
      <Typography variant="h2" sx={{ mb: 2 }}>
        {t('vendorDetail.account')}
      </Typography>
      {member ? (
        <Stack spacing={1.5}>
          <DetailItem label={t('fields.contactName')}>{member.name}</DetailItem>
          <DetailItem label={t('fields.loginId')}>{member.login_id}</DetailItem>
          <DetailItem label={t('fields.phone')}>{member.phone ?? t('common.notGiven')}</DetailItem>
          <Box>
            <ApprovalChip status={member.approval_status} />
            {member.rejection_reason && (
              <Typography variant="body2" color="error" sx={{ mt: 1 }}>
                {t('vendorDetail.rejectedBecause', { reason: member.rejection_reason })}
              </Typography>
            )}
          </Box>
        </Stack>
      ) : (
        <Typography color="text.secondary">{t('vendorDetail.noAccount')}</Typography>
      )}
    </Paper>
  );
}

/** /Admin/Vendors/store?id=: a vendor's company, account, numbers and stores. */
export function VendorDetail({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const vendor = useVendor(id);
  if (vendor.isError) return <ErrorState error={vendor.error} onRetry={() => void vendor.refetch()} />;
  if (vendor.isPending) return <DetailsLoading />;
  const v = vendor.data;
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h2" component="p">
          {v.company_name}
        </Typography>
        <Typography color="text.secondary">{t('vendorDetail.since', { date: formatDateTime(v.created_at) })}</Typography>
      </Box>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <StatCard label={t('vendors.wallet')} value={formatCurrency(v.wallet_balance)} />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <StatCard
            label={t('vendors.stores')}
            value={v.store_count}
            action={
              <Button size="small" component={RouterLink} to={paths.admin.vendorsStores.getHref({ id: v.id })}>
                {t('vendorDetail.viewStores')}
              </Button>
            }
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <StatCard
            label={t('vendors.orders')}
            value={v.order_count}
            action={
              <Button size="small" component={RouterLink} to={paths.admin.vendorsOrders.getHref({ id: v.id })}>
                {t('vendorDetail.viewOrders')}
              </Button>
            }
          />
        </Grid>
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <VendorInfoCard vendor={v} viewer="admin" />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <AccountCard member={v.member} />
        </Grid>
      </Grid>
      <Box>
        <Typography variant="h2" sx={{ mb: 2 }}>
          {t('vendorDetail.itsStores')}
        </Typography>
        <StoresTable scope="admin" vendorId={v.id} compact />
      </Box>
    </Stack>
  );
}

/** /Vendor/Settings/Information: the vendor's own company details (editable) and account. */
export function VendorProfile({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const vendor = useVendor(id);
  if (vendor.isError) return <ErrorState error={vendor.error} onRetry={() => void vendor.refetch()} />;
  if (vendor.isPending) return <Skeleton variant="rounded" height={200} />;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 7 }}>
        <VendorInfoCard vendor={vendor.data} viewer="vendor" title={t('vendorInfo.heading')} />
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <AccountCard member={vendor.data.member} />
      </Grid>
    </Grid>
  );
}
