import { useState } from 'react';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDateTime } from '@app/shared/format';
import { updateDriverRequestSchema } from '@app/shared/schemas/partners';
import { ErrorState } from '@/components/page-states/error-state';
import { useDriver, useUpdateDriver } from '@/data/partners';
import { NS } from '../i18n';
import { DetailsCard, DetailsLoading } from './details-card';
import { EditDetailsDialog } from './edit-details-dialog';
import { StatCard } from './list-parts';
import { AccountCard } from './vendor-detail';

/** /Admin/Drivers/Detail?id=: a driver's numbers, vehicle and city (editable) and account. */
export function DriverDetail({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const driver = useDriver(id);
  const update = useUpdateDriver();
  const [editing, setEditing] = useState(false);
  if (driver.isError) return <ErrorState error={driver.error} onRetry={() => void driver.refetch()} />;
  if (driver.isPending) return <DetailsLoading />;
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
          <DetailsCard
            title={t('drivers.detailInfo')}
            onEdit={() => setEditing(true)}
            items={[
              { label: t('fields.vehicleNumber'), value: d.vehicle_number },
              {
                label: t('fields.city'),
                value: (
                  <>
                    {d.city.name}, {d.city.state.name}
                  </>
                ),
              },
              { label: t('fields.phone'), value: d.phone ?? t('common.notGiven') },
              { label: t('common.created'), value: formatDateTime(d.created_at) },
            ]}
          />
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
