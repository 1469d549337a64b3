import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatCurrency, formatDateTime, formatOrderNumber, formatWeight } from '@app/shared/format';
import { IN_PROGRESS_STATUSES, type OrderStatus } from '@app/shared/order-status';
import type { Order } from '@app/shared/schemas/orders';
import { DeferredRender } from '@/components/page/deferred-render';
import { EmptyState } from '@/components/page-states/empty-state';
import { ErrorState } from '@/components/page-states/error-state';
import { addTranslations } from '@/lib/i18n';
import { ordersEn } from '../locales/en';
import { OrderStatusChip, useOrderStatusLabel } from '@/components/status/order-status-chip';
import { WaitingOrderNotice } from './waiting-order-notice';
import { MaterialNames } from './material-names';
import { storeHomeQueries } from '../store-home-queries';

addTranslations('orders', ordersEn);

const TILES: { key: string; statuses: readonly OrderStatus[] }[] = [
  { key: 'pending', statuses: ['pending'] },
  { key: 'inProgress', statuses: IN_PROGRESS_STATUSES },
  { key: 'waiting_store', statuses: ['waiting_store'] },
  { key: 'waiting_admin', statuses: ['waiting_admin', 'waiting_driver', 'arrived', 'issue'] },
  { key: 'completed', statuses: ['completed'] },
  { key: 'cancelled', statuses: ['cancelled'] },
];

export interface StoreDashboardProps {
  /** The "Create order" button (a link the route module builds). */
  createAction: ReactNode;
  /** The store's orders list, filtered by status ("pending", "moving,accepted"). */
  listHref: (status?: string) => string;
}

/**
 * The store's welcome page: counts by status, the latest orders, a big "Create order", and
 * while an order waits for the store, a notice that brings its pop-up back.
 */
export function StoreDashboard({ createAction, listHref }: StoreDashboardProps) {
  const { t } = useTranslation('orders');
  const statusLabel = useOrderStatusLabel();
  // The very queries the start asks for before the app has arrived (app/start-data.ts).
  const queries = storeHomeQueries();
  const counts = useQuery(queries.counts);
  const latest = useQuery(queries.latest);

  // The counts and the latest orders render after each answer's blocking render, in slices (decision 041).
  return (
    <DeferredRender>
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <Typography color="text.secondary">{t('home.intro')}</Typography>
          {createAction}
        </Paper>

        <Box component="section" aria-labelledby="counts-heading">
          <Typography id="counts-heading" variant="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
            {t('home.counts')}
          </Typography>
          {counts.isError ? (
            <ErrorState error={counts.error} onRetry={() => void counts.refetch()} />
          ) : (
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' } }}>
              {TILES.map((tile) => {
                const count = counts.data ? tile.statuses.reduce((sum, s) => sum + (counts.data[s] ?? 0), 0) : null;
                const label = tile.key === 'inProgress' ? t('status.inProgress') : tile.key === 'waiting_admin' ? t('home.withOthers') : statusLabel(tile.statuses[0]!);
                return (
                  <Paper
                    key={tile.key}
                    variant="outlined"
                    component={RouterLink}
                    to={listHref(tile.key === 'waiting_admin' ? undefined : tile.statuses.join(','))}
                    sx={{ p: 2, textDecoration: 'none', color: 'inherit', '&:hover': { borderColor: 'primary.main' }, transition: 'border-color .15s' }}
                  >
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {label}
                    </Typography>
                    {count === null ? <Skeleton width={40} height={40} /> : <Typography sx={{ fontSize: '1.9rem', fontWeight: 700, lineHeight: 1.3 }}>{count}</Typography>}
                  </Paper>
                );
              })}
            </Box>
          )}
        </Box>

        <Paper variant="outlined" component="section" aria-labelledby="latest-heading" sx={{ p: { xs: 2, sm: 2.5 } }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
            <Typography id="latest-heading" variant="h2" sx={{ fontSize: '1.15rem' }}>
              {t('home.latest')}
            </Typography>
            <Button component={RouterLink} to={listHref()} nativeButton={false}>
              {t('home.seeAll')}
            </Button>
          </Stack>
          {latest.isError ? (
            <ErrorState error={latest.error} onRetry={() => void latest.refetch()} />
          ) : latest.isPending ? (
            Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={56} />)
          ) : latest.data.items.length === 0 ? (
            <EmptyState title={t('list.emptyStore')} description={t('list.emptyStoreHint')} />
          ) : (
            <List disablePadding>
              {latest.data.items.map((order, i) => (
                <LatestOrder key={order.id} order={order} first={i === 0} />
              ))}
            </List>
          )}
        </Paper>
        <WaitingOrderNotice />
      </Stack>
    </DeferredRender>
  );
}

/**
 * One of the latest orders in two rows: number and materials beside the status chip, then
 * when and how much with the amount on its own. Nothing lies over anything (an absolutely
 * placed chip used to cover the amount on a phone: design.md section 15).
 */
function LatestOrder({ order, first }: { order: Order; first: boolean }) {
  return (
    <ListItem divider disableGutters sx={{ display: 'block', py: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        {/* The first order's number and materials: when the store's data shows (element-timing.d.ts). */}
        <Typography noWrap sx={{ fontWeight: 600, minWidth: 0 }} elementtiming={first ? 'first-card' : undefined}>
          {formatOrderNumber(order.id)} · <MaterialNames details={order.details} />
        </Typography>
        <Box sx={{ flexShrink: 0 }}>
          <OrderStatusChip status={order.status} />
        </Box>
      </Stack>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 1.5, justifyContent: 'space-between', alignItems: 'baseline', mt: 0.25 }}>
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(order.created_at)} · {formatWeight(order.total_weight)}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {formatCurrency(order.vendor_amount)}
        </Typography>
      </Stack>
    </ListItem>
  );
}
