import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import PendingActionsOutlinedIcon from '@mui/icons-material/PendingActionsOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDateTime, formatOrderNumber, formatWeight } from '@app/shared/format';
import { ORDER_STATUSES } from '@app/shared/order-status';
import { EmptyState } from '@/components/page-states/empty-state';
import { ErrorState } from '@/components/page-states/error-state';
import { useOrderStatusLabel } from '@/components/status/order-status-chip';
import { paths } from '@/config/paths';
import { addTranslations } from '@/lib/i18n';
import { useOrderCounts, useOrders } from '@/data/orders';
import { dashboardsEn } from '../locales/en';
import { OrdersChart } from './orders-chart';

addTranslations('dashboards', dashboardsEn);

function StatusCounts() {
  const { t } = useTranslation('dashboards');
  const statusLabel = useOrderStatusLabel();
  const counts = useOrderCounts({}, { refetchInterval: 60_000 });
  // A store's dispute and a driver's reported issue both wait for an admin.
  const waiting = (counts.data?.waiting_admin ?? 0) + (counts.data?.issue ?? 0);
  if (counts.isError) return <ErrorState error={counts.error} onRetry={() => void counts.refetch()} />;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <Paper
        variant="outlined"
        data-testid="kpi-waiting-admin"
        sx={{ p: 2.5, flex: { md: '0 0 340px' }, borderColor: waiting > 0 ? 'warning.main' : 'divider', borderWidth: waiting > 0 ? 2 : 1 }}
      >
        <Typography color="text.secondary">{t('admin.waitingAdmin')}</Typography>
        {counts.isPending ? (
          <Skeleton width={80} height={56} />
        ) : (
          <Typography component="p" sx={{ fontSize: '3rem', fontWeight: 700, lineHeight: 1.1, color: waiting > 0 ? 'warning.main' : 'text.primary' }}>
            {waiting}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('admin.waitingAdminHint')}
        </Typography>
        <Button component={RouterLink} to={paths.admin.orders.getHref({ status: 'waiting_admin' })} variant={waiting > 0 ? 'contained' : 'outlined'}>
          {t('admin.review')}
        </Button>
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby="by-status-heading" sx={{ p: 2.5, flex: 1, minWidth: 0 }}>
        <Typography id="by-status-heading" variant="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
          {t('admin.byStatus')}
        </Typography>
        <Box component="ul" sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(128px, 1fr))' }, listStyle: 'none', p: 0, m: 0 }}>
          {ORDER_STATUSES.map((status) => (
            <li key={status}>
              <ButtonBase
                component={RouterLink}
                to={paths.admin.orders.getHref({ status })}
                sx={{ display: 'block', width: '100%', textAlign: 'left', p: 1, borderRadius: 1, '&:hover': { bgcolor: 'action.hover' } }}
                data-testid={`count-${status}`}
              >
                <Typography variant="body2" color="text.secondary" noWrap>
                  {statusLabel(status)}
                </Typography>
                {counts.isPending ? (
                  <Skeleton width={40} />
                ) : (
                  <Typography sx={{ fontSize: '1.4rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>{counts.data[status] ?? 0}</Typography>
                )}
              </ButtonBase>
            </li>
          ))}
        </Box>
      </Paper>
    </Stack>
  );
}

function WaitingOrders() {
  const { t } = useTranslation('dashboards');
  const orders = useOrders({ status: ['waiting_admin', 'issue'] }, { limit: 10, refetchInterval: 60_000 });
  return (
    <Paper variant="outlined" component="section" aria-labelledby="waiting-heading">
      <Stack direction="row" sx={{ p: { xs: 2, sm: 3 }, pb: 1, justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography id="waiting-heading" variant="h2">
          {t('admin.waitingList')}
        </Typography>
        {orders.data && (orders.data.total ?? 0) > orders.data.items.length && (
          <Button component={RouterLink} to={paths.admin.orders.getHref({ status: 'waiting_admin' })} size="small">
            {t('admin.seeAll', { count: orders.data.total ?? 0 })}
          </Button>
        )}
      </Stack>
      {orders.isPending ? (
        <Box sx={{ p: 2 }}>
          <Skeleton variant="rounded" height={160} />
        </Box>
      ) : orders.isError ? (
        <Box sx={{ p: 2 }}>
          <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />
        </Box>
      ) : orders.data.items.length === 0 ? (
        <EmptyState icon={<PendingActionsOutlinedIcon fontSize="inherit" />} title={t('admin.waitingEmpty')} description={t('admin.waitingEmptyHint')} />
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="waiting-heading">
            <TableHead>
              <TableRow>
                <TableCell>{t('admin.order')}</TableCell>
                <TableCell>{t('admin.store')}</TableCell>
                <TableCell>{t('admin.created')}</TableCell>
                <TableCell align="right">{t('admin.weight')}</TableCell>
                <TableCell align="right">{t('admin.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {orders.data.items.map((order) => (
                <TableRow key={order.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={paths.admin.orderDetail.getHref({ id: order.id })} sx={{ fontWeight: 600 }}>
                      {formatOrderNumber(order.id)}
                    </Link>
                  </TableCell>
                  <TableCell>{order.store.name}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(order.created_at)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatWeight(order.total_weight)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatCurrency(order.vendor_amount)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

/** The admin's dashboard: what waits for the admin, every status, the business over time. */
export function AdminDashboard() {
  return (
    <Stack spacing={3}>
      <StatusCounts />
      <OrdersChart />
      <WaitingOrders />
    </Stack>
  );
}
