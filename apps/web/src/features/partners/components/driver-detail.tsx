import { useState } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDateTime } from '@app/shared/format';
import { updateDriverRequestSchema } from '@app/shared/schemas/partners';
import { ErrorState } from '@/components/page-states/error-state';
import { useDriver } from '../api/get-driver';
import { useUpdateDriver } from '../api/update-driver';
import { NS } from '../i18n';
import { EditDetailsDialog } from './edit-details-dialog';
import { DetailItem, StatCard } from './list-parts';
import { AccountCard } from './vendor-detail';

/** /Admin/Drivers/Detail?id=: a driver's numbers, vehicle and city (editable) and account. */
export function DriverDetail({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const driver = useDriver(id);
  const update = useUpdateDriver();
  const [editing, setEditing] = useState(false);
  if (driver.isError) return <ErrorState error={driver.error} onRetry={() => void driver.refetch()} />;
  if (driver.isPending)
    return (
      <Stack spacing={2} role="status" aria-label={t('common.loading')}>
        <Skeleton variant="rounded" height={96} />
        <Skeleton variant="rounded" height={200} />
      </Stack>
    );
  const d = driver.data;
  return (
    <Stack spacing={2}>
      <Typography variant="h2" component="p">
        {d.member?.name ?? d.vehicle_number}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <StatCard label={t('drivers.earnings')} value={formatCurrency(d.earnings_balance)} />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <StatCard label={t('drivers.active')} value={d.active_order_count} />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <StatCard label={t('drivers.completed')} value={d.completed_order_count} />
        </Grid>
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
              <Typography variant="h2">{t('drivers.detailInfo')}</Typography>
              <Button startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
                {t('common.edit')}
              </Button>
            </Stack>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <DetailItem label={t('fields.vehicleNumber')}>{d.vehicle_number}</DetailItem>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <DetailItem label={t('fields.city')}>
                  {d.city.name}, {d.city.state.name}
                </DetailItem>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <DetailItem label={t('fields.phone')}>{d.phone ?? t('common.notGiven')}</DetailItem>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <DetailItem label={t('common.created')}>{formatDateTime(d.created_at)}</DetailItem>
              </Grid>
            </Grid>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <AccountCard member={d.member} />
        </Grid>
      </Grid>
      {editing && (
        <EditDetailsDialog
          title={t('drivers.editTitle')}
          schema={updateDriverRequestSchema}
          initial={{ vehicle_number: d.vehicle_number, phone: d.phone ?? '', city_id: d.city.id }}
          fields={[
            { name: 'vehicle_number', label: t('fields.vehicleNumber'), required: true },
            { name: 'phone', label: t('fields.phone'), kind: 'tel', nullable: true, helperText: t('hints.phone'), autoComplete: 'tel' },
            { name: 'city_id', label: t('fields.city'), kind: 'city', required: true },
          ]}
          save={(body) => update.mutateAsync({ id: d.id, body })}
          onClose={() => setEditing(false)}
        />
      )}
    </Stack>
  );
}
