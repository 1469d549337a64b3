import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatCurrency, formatDateTime, formatOrderNumber, formatWeight } from '@app/shared/format';
import type { OrderStatus } from '@app/shared/order-status';
import { EmptyState } from '@/components/page-states/empty-state';
import { ErrorState } from '@/components/page-states/error-state';
import { usePartnerOrders, type PartnerOrdersQuery } from '../api/get-partner-orders';
import { NS } from '../i18n';
import { ListFooter, SkeletonRows } from './list-parts';

const STATUS_COLORS: Partial<Record<OrderStatus, 'success' | 'error' | 'warning' | 'info' | 'default'>> = {
  completed: 'success',
  cancelled: 'default',
  issue: 'error',
  waiting_admin: 'warning',
  waiting_store: 'warning',
  waiting_driver: 'warning',
  pending: 'info',
};

/** A read-only table of one vendor's or one store's orders, each linking to its detail page. */
export function PartnerOrdersTable({ query, orderHref, showStore = true }: { query: PartnerOrdersQuery; orderHref: (id: number) => string; showStore?: boolean }) {
  const { t } = useTranslation(NS);
  const orders = usePartnerOrders(query);
  const rows = orders.data?.pages.flatMap((page) => page.items) ?? [];
  if (orders.isError) return <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />;
  return (
    <Paper variant="outlined">
      {!orders.isPending && rows.length === 0 ? (
        <EmptyState icon={<ReceiptLongOutlinedIcon fontSize="inherit" />} title={t('orders.emptyTitle')} description={t('orders.empty')} />
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label={t('vendors.orders')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('orders.number')}</TableCell>
                  <TableCell>{t('orders.status')}</TableCell>
                  {showStore && <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('orders.store')}</TableCell>}
                  <TableCell align="right">{t('orders.weight')}</TableCell>
                  <TableCell align="right">{t('orders.amount')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('orders.created')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {orders.isPending ? (
                  <SkeletonRows columns={showStore ? 6 : 5} />
                ) : (
                  rows.map((order) => (
                    <TableRow key={order.id} hover>
                      <TableCell>
                        <Link component={RouterLink} to={orderHref(order.id)} aria-label={t('orders.open', { number: formatOrderNumber(order.id) })} sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                          {formatOrderNumber(order.id)}
                        </Link>
                      </TableCell>
                      <TableCell>
                        <Chip size="small" variant="outlined" color={STATUS_COLORS[order.status] ?? 'default'} label={order.status_label} />
                      </TableCell>
                      {showStore && <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{order.store.name}</TableCell>}
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatWeight(order.total_weight)}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatCurrency(order.vendor_amount)}
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>{formatDateTime(order.created_at)}</TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
          {!orders.isPending && (
            <Stack>
              <ListFooter shown={rows.length} total={orders.data?.pages[0]?.total ?? null} hasMore={!!orders.hasNextPage} loading={orders.isFetchingNextPage} onMore={() => void orders.fetchNextPage()} />
            </Stack>
          )}
        </>
      )}
    </Paper>
  );
}
