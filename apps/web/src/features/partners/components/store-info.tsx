import { useState } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '@app/shared/format';
import { updateStoreInfoRequestSchema } from '@app/shared/schemas/partners';
import { ErrorState } from '@/components/page-states/error-state';
import { useStore, useUpdateStoreInfo } from '@/data/partners';
import { NS } from '../i18n';
import { DetailsCard, DetailsLoading } from './details-card';
import { EditDetailsDialog } from './edit-details-dialog';
import { StatCard } from './list-parts';
import { AccountCard } from './vendor-detail';

/** A store's details (GET /stores/{id}), editable through PATCH /stores/{id}/info, and its account. */
export function StoreInfo({ id, ordersHref }: { id: number; ordersHref?: string }) {
  const { t } = useTranslation(NS);
  const store = useStore(id);
  const update = useUpdateStoreInfo();
  const [editing, setEditing] = useState(false);
  if (store.isError) return <ErrorState error={store.error} onRetry={() => void store.refetch()} />;
  if (store.isPending) return <DetailsLoading />;
  const s = store.data;
  return (
    <Stack spacing={2}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 6, sm: 4 }}>
          <StatCard
            label={t('stores.orders')}
            value={s.order_count}
            action={
              ordersHref ? (
                <Button size="small" component={RouterLink} to={ordersHref}>
                  {t('storeInfo.viewOrders')}
                </Button>
              ) : undefined
            }
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <StatCard label={t('stores.staff')} value={s.staff_count} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <StatCard label={t('storeInfo.vendor')} value={<Typography variant="h3" component="span">{s.vendor?.company_name ?? t('stores.noVendor')}</Typography>} />
        </Grid>
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <DetailsCard
            title={t('storeInfo.heading')}
            onEdit={() => setEditing(true)}
            items={[
              { label: t('fields.storeName'), value: s.name },
              {
                label: t('fields.city'),
                value: (
                  <>
                    {s.city.name}, {s.city.state.name}
                  </>
                ),
              },
              { label: t('fields.address'), value: s.address },
              { label: t('fields.phone'), value: s.phone ?? t('common.notGiven') },
              { label: t('common.created'), value: formatDateTime(s.created_at) },
            ]}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <AccountCard member={s.member} />
        </Grid>
      </Grid>
      {editing && (
        <EditDetailsDialog
          title={t('storeInfo.editTitle')}
          schema={updateStoreInfoRequestSchema}
          initial={{ name: s.name, address: s.address, phone: s.phone ?? '' }}
          fields={[
            { name: 'name', label: t('fields.storeName'), required: true, autoComplete: 'organization' },
            { name: 'address', label: t('fields.address'), kind: 'multiline', required: true, autoComplete: 'street-address' },
            { name: 'phone', label: t('fields.phone'), kind: 'tel', nullable: true, helperText: t('hints.phone'), autoComplete: 'tel' },
          ]}
          save={(body) => update.mutateAsync({ id: s.id, body })}
          onClose={() => setEditing(false)}
        />
      )}
    </Stack>
  );
}
