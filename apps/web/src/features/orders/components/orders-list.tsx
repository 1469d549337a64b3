import { useEffect, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { DIALOG_MAX_WIDTH_PX, type DateFilterKey } from '@app/shared/constants';
import { formatCurrency, formatDateTime, formatOrderNumber, formatWeight } from '@app/shared/format';
import { actionsFor } from '@app/shared/order-machine';
import { IN_PROGRESS_STATUSES, ORDER_FILTER_STATUSES, ORDER_STATUSES, isOrderStatus, type OrderStatus } from '@app/shared/order-status';
import { ORDER_EXPORT_MAX_ROWS, type Order } from '@app/shared/schemas/orders';
import { EmptyState } from '@/components/page-states/empty-state';
import { ErrorState } from '@/components/page-states/error-state';
import { ApiError } from '@/lib/api-error';
import { addTranslations } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { exportOrdersCsv } from '../api/export-orders';
import { useCities } from '../api/get-cities';
import { useOrderCounts } from '../api/get-order-counts';
import { useOrdersPages, type OrdersFilter } from '../api/get-orders';
import { useStores } from '../api/get-stores';
import { useVendors } from '../api/get-vendors';
import { ordersEn } from '../locales/en';
import { createdAfter, isDateFilterKey } from '../utils/order-math';
import { useDebounced } from '../utils/use-debounced';
import { CancelOrderDialog } from './cancel-order-dialog';
import { ChoiceFilter, DateFilter, FilterBar, SearchFilter, StatusSelect } from './order-filters';
import { OrderLinesTable } from './order-lines-table';
import { OrderStatusChip } from './order-status-chip';

addTranslations('orders', ordersEn);

export type OrdersAudience = 'admin' | 'store' | 'vendor';

const IN_PROGRESS = 'in_progress';
/** Columns that only fit beside the navigation drawer on wide screens (the store's list has room for the materials). */
const WIDE_ONLY = { display: { xs: 'none', xl: 'table-cell' } } as const;
const LARGE_ONLY = { display: { xs: 'none', lg: 'table-cell' } } as const;
const MEDIUM_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;
const PAGE_SIZE = 25;

export interface OrdersListProps {
  audience: OrdersAudience;
  /** Where a row leads (admin, vendor); without it a row opens its lines in a dialog (store). */
  getDetailHref?: (id: number) => string;
  /** Shown in the empty state when nothing was ever ordered (the store's "Create order"). */
  emptyAction?: ReactNode;
  /** Narrows everything (a vendor's store page, say). */
  fixedFilter?: Pick<OrdersFilter, 'store_id' | 'vendor_id'>;
}

function statusesOf(value: string): OrderStatus[] | undefined {
  if (value === IN_PROGRESS) return [...IN_PROGRESS_STATUSES];
  return isOrderStatus(value) ? [value] : undefined;
}

function idParam(value: string | null): number | null {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * The orders of the signed-in member (the API narrows them to what the role may see):
 * status (tabs with counts for the admin), date, store/vendor/city filters and search,
 * kept in the query string; cursor pages with "Load more"; CSV export of the same filters.
 */
export function OrdersList({ audience, getDetailHref, emptyAction, fixedFilter }: OrdersListProps) {
  const { t } = useTranslation('orders');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [params, setParams] = useSearchParams();
  const [exporting, setExporting] = useState(false);
  const [cancelId, setCancelId] = useState<number | null>(null);
  const [linesOf, setLinesOf] = useState<Order | null>(null);

  const status = params.get('status') ?? '';
  const dateKey: DateFilterKey = isDateFilterKey(params.get('date')) ? (params.get('date') as DateFilterKey) : 'all';
  const storeId = idParam(params.get('store'));
  const vendorId = idParam(params.get('vendor'));
  const cityId = idParam(params.get('city'));
  const [searchText, setSearchText] = useState(params.get('q') ?? '');
  const search = useDebounced(searchText.trim(), 350);

  const update = (changes: Record<string, string | number | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true },
    );

  const urlSearch = params.get('q') ?? '';
  useEffect(() => {
    // Keep the query string in step with the (debounced) search box.
    if (urlSearch !== search) update({ q: search || null });
  }, [search]);

  const baseFilter: Omit<OrdersFilter, 'status'> = useMemo(
    () => ({
      store_id: fixedFilter?.store_id ?? storeId ?? undefined,
      vendor_id: fixedFilter?.vendor_id ?? vendorId ?? undefined,
      city_id: cityId ?? undefined,
      created_at__gt: createdAfter(dateKey),
      search: search || undefined,
    }),
    [fixedFilter?.store_id, fixedFilter?.vendor_id, storeId, vendorId, cityId, dateKey, search],
  );
  const filter: OrdersFilter = useMemo(() => ({ ...baseFilter, status: statusesOf(status) }), [baseFilter, status]);

  const orders = useOrdersPages(filter, PAGE_SIZE);
  const counts = useOrderCounts(baseFilter);
  const stores = useStores(audience !== 'store' && !fixedFilter?.store_id);
  const vendors = useVendors(audience === 'admin' && !fixedFilter?.vendor_id);
  const cities = useCities(audience === 'admin');

  const rows = orders.data?.pages.flatMap((p) => p.items) ?? [];
  const total = orders.data?.pages[0]?.total ?? null;
  const anyFilter = !!(status || dateKey !== 'all' || storeId || vendorId || cityId || search);

  const statusOptions = [
    { value: '', label: t('status.all') },
    { value: IN_PROGRESS, label: `${t('status.inProgress')} (${IN_PROGRESS_STATUSES.map((s) => t(`status.${s}`)).join(', ')})` },
    ...(audience === 'store' ? ORDER_FILTER_STATUSES : ORDER_STATUSES).map((s) => ({ value: s, label: t(`status.${s}`) })),
  ];

  const runExport = async () => {
    setExporting(true);
    try {
      const result = await exportOrdersCsv(filter);
      if (result.truncated) notify.warning(t('list.exportTruncated', { count: ORDER_EXPORT_MAX_ROWS }));
    } catch (error) {
      notify.error(t('list.exportFailed', { detail: error instanceof ApiError ? error.detail : String(error) }));
    } finally {
      setExporting(false);
    }
  };

  const canCancel = (order: Order) => audience === 'store' && actionsFor('store', order.status).includes('cancel');
  const openRow = (order: Order) => {
    if (!getDetailHref) setLinesOf(order);
  };

  return (
    <Box>
      {audience === 'admin' && (
        <Paper variant="outlined" sx={{ mb: 2 }}>
          <Tabs
            value={status}
            onChange={(_e, value: string) => update({ status: value || null })}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label={t('filters.status')}
          >
            <Tab value="" label={<TabLabel label={t('status.all')} count={counts.data ? Object.values(counts.data).reduce((a, b) => a + b, 0) : null} />} />
            {ORDER_STATUSES.map((s) => (
              <Tab key={s} value={s} label={<TabLabel label={t(`status.${s}`)} count={counts.data?.[s] ?? null} highlight={s === 'waiting_admin'} />} />
            ))}
          </Tabs>
        </Paper>
      )}

      <FilterBar>
        <SearchFilter value={searchText} onChange={setSearchText} />
        {audience !== 'admin' && <StatusSelect value={status} options={statusOptions} onChange={(value) => update({ status: value || null })} />}
        {audience !== 'store' && !fixedFilter?.store_id && (
          <ChoiceFilter
            label={t('filters.store')}
            loading={stores.isPending}
            choices={(stores.data ?? []).map((s) => ({ id: s.id, label: `${s.name} (${s.city.name})` }))}
            value={storeId}
            onChange={(id) => update({ store: id })}
          />
        )}
        {audience === 'admin' && !fixedFilter?.vendor_id && (
          <ChoiceFilter
            label={t('filters.vendor')}
            loading={vendors.isPending}
            choices={(vendors.data ?? []).map((v) => ({ id: v.id, label: v.company_name }))}
            value={vendorId}
            onChange={(id) => update({ vendor: id })}
          />
        )}
        {audience === 'admin' && (
          <ChoiceFilter
            label={t('filters.city')}
            loading={cities.isPending}
            choices={(cities.data ?? []).map((c) => ({ id: c.id, label: `${c.name}, ${c.state.name}` }))}
            value={cityId}
            onChange={(id) => update({ city: id })}
          />
        )}
        <DateFilter value={dateKey} onChange={(key) => update({ date: key === 'all' ? null : key })} />
        <Box sx={{ flex: 1 }} />
        {anyFilter && (
          <Button
            size="small"
            onClick={() => {
              setSearchText('');
              update({ status: null, date: null, store: null, vendor: null, city: null, q: null });
            }}
          >
            {t('filters.clear')}
          </Button>
        )}
        <Tooltip title={t('list.refresh')}>
          <IconButton aria-label={t('list.refresh')} onClick={() => void orders.refetch()}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        {audience !== 'store' && (
          <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={() => void runExport()} disabled={exporting}>
            {exporting ? t('list.exporting') : t('list.exportCsv')}
          </Button>
        )}
      </FilterBar>

      {orders.isError ? (
        <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />
      ) : orders.isPending ? (
        <ListSkeleton />
      ) : rows.length === 0 ? (
        <Paper variant="outlined">
          {anyFilter ? (
            <EmptyState title={t('list.empty')} description={t('list.emptyHint')} />
          ) : (
            <EmptyState title={t('list.emptyStore')} description={audience === 'store' ? t('list.emptyStoreHint') : undefined} action={emptyAction} />
          )}
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
          {orders.isFetching && !orders.isFetchingNextPage && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} aria-hidden />}
          {phone ? (
            <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
              {rows.map((order) => (
                <OrderCard key={order.id} order={order} audience={audience} href={getDetailHref?.(order.id)} onOpen={() => openRow(order)} onCancel={canCancel(order) ? () => setCancelId(order.id) : undefined} />
              ))}
            </Stack>
          ) : (
            <OrdersTable rows={rows} audience={audience} getDetailHref={getDetailHref} onOpen={openRow} canCancel={canCancel} onCancel={setCancelId} />
          )}
        </Paper>
      )}

      {rows.length > 0 && (
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {total !== null ? t('list.showing', { shown: rows.length, total }) : t('list.count', { count: rows.length })}
          </Typography>
          {orders.hasNextPage && (
            <Button variant="outlined" onClick={() => void orders.fetchNextPage()} loading={orders.isFetchingNextPage}>
              {t('list.loadMore')}
            </Button>
          )}
        </Stack>
      )}

      {cancelId !== null && <CancelOrderDialog orderId={cancelId} open onClose={() => setCancelId(null)} />}
      {linesOf && (
        <Dialog open onClose={() => setLinesOf(null)} fullWidth slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX } } }} aria-labelledby="order-lines-title">
          <DialogTitle id="order-lines-title">
            {formatOrderNumber(linesOf.id)} <OrderStatusChip status={linesOf.status} />
          </DialogTitle>
          <DialogContent dividers>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {formatDateTime(linesOf.created_at)} · {formatWeight(linesOf.total_weight)} · {formatCurrency(linesOf.vendor_amount)}
            </Typography>
            <OrderLinesTable lines={linesOf.details} />
            {linesOf.note && (
              <Alert severity="info" icon={false} sx={{ mt: 2 }}>
                <strong>{t('fields.note')}:</strong> {linesOf.note}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setLinesOf(null)}>{t('dialog.close')}</Button>
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
}

function TabLabel({ label, count, highlight }: { label: string; count: number | null; highlight?: boolean }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <span>{label}</span>
      {count === null ? (
        <Skeleton variant="rounded" width={22} height={18} />
      ) : (
        <Badge
          component="span"
          badgeContent={String(count)}
          color={highlight && count > 0 ? 'error' : 'default'}
          sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none', bgcolor: highlight && count > 0 ? undefined : 'action.selected' } }}
        />
      )}
    </Stack>
  );
}

function ListSkeleton() {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="status" aria-busy>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={44} />
      ))}
    </Paper>
  );
}

interface OrdersTableProps {
  rows: Order[];
  audience: OrdersAudience;
  getDetailHref?: (id: number) => string;
  onOpen: (order: Order) => void;
  canCancel: (order: Order) => boolean;
  onCancel: (id: number) => void;
}

function OrdersTable({ rows, audience, getDetailHref, onOpen, canCancel, onCancel }: OrdersTableProps) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const materialsSx = audience === 'store' ? MEDIUM_ONLY : WIDE_ONLY;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('fields.order')} sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('fields.order')}</TableCell>
            <TableCell>{t('fields.createdAt')}</TableCell>
            {audience !== 'store' && <TableCell>{t('fields.store')}</TableCell>}
            <TableCell>{t('fields.status')}</TableCell>
            <TableCell sx={materialsSx}>{t('fields.lines')}</TableCell>
            {audience === 'admin' && <TableCell sx={LARGE_ONLY}>{t('fields.driver')}</TableCell>}
            <TableCell align="right">{t('fields.weight')}</TableCell>
            <TableCell align="right">{t('fields.vendorAmount')}</TableCell>
            {audience === 'store' && <TableCell align="right" />}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((order) => {
            const href = getDetailHref?.(order.id);
            return (
              <TableRow key={order.id} hover sx={{ cursor: 'pointer' }} onClick={() => (href ? void navigate(href) : onOpen(order))}>
                <TableCell>
                  <LinkOrButton href={href} onClick={() => onOpen(order)} label={t('list.open', { number: formatOrderNumber(order.id) })}>
                    {formatOrderNumber(order.id)}
                  </LinkOrButton>
                </TableCell>
                <TableCell>{formatDateTime(order.created_at)}</TableCell>
                {audience !== 'store' && <TableCell>{order.store.name}</TableCell>}
                <TableCell>
                  <OrderStatusChip status={order.status} />
                </TableCell>
                <TableCell sx={{ ...materialsSx, maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis' }}>{order.details.map((d) => d.material.name).join(', ')}</TableCell>
                {audience === 'admin' && <TableCell sx={LARGE_ONLY}>{order.driver?.name ?? '—'}</TableCell>}
                <TableCell align="right">{formatWeight(order.total_weight)}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {formatCurrency(order.vendor_amount)}
                </TableCell>
                {audience === 'store' && (
                  <TableCell align="right" onClick={(e) => e.stopPropagation()}>
                    {canCancel(order) && (
                      <Button size="small" color="error" startIcon={<CancelOutlinedIcon />} onClick={() => onCancel(order.id)}>
                        {t('list.cancel')}
                      </Button>
                    )}
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A row's number: a link to the detail page where there is one, else a button that opens the lines. */
function LinkOrButton({ href, onClick, label, children }: { href?: string; onClick: () => void; label: string; children: ReactNode }) {
  if (href) {
    return (
      <Button component={RouterLink} to={href} nativeButton={false} onClick={(e) => e.stopPropagation()} aria-label={label} size="small" sx={{ fontWeight: 700, minWidth: 0, px: 0.5 }}>
        {children}
      </Button>
    );
  }
  return (
    <Button onClick={(e) => { e.stopPropagation(); onClick(); }} aria-label={label} size="small" sx={{ fontWeight: 700, minWidth: 0, px: 0.5 }}>
      {children}
    </Button>
  );
}

function OrderCard({ order, audience, href, onOpen, onCancel }: { order: Order; audience: OrdersAudience; href?: string; onOpen: () => void; onCancel?: () => void }) {
  const { t } = useTranslation('orders');
  const body = (
    <Box sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 0.5 }}>
        <Typography sx={{ fontWeight: 700 }}>{formatOrderNumber(order.id)}</Typography>
        <OrderStatusChip status={order.status} />
      </Stack>
      {audience !== 'store' && <Typography variant="body2">{order.store.name}</Typography>}
      <Typography variant="body2" color="text.secondary" noWrap>
        {order.details.map((d) => d.material.name).join(', ')}
      </Typography>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(order.created_at)}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {formatWeight(order.total_weight)} · {formatCurrency(order.vendor_amount)}
        </Typography>
      </Stack>
    </Box>
  );
  return (
    <Card elevation={0} square>
      {href ? (
        <CardActionArea component={RouterLink} to={href} aria-label={t('list.open', { number: formatOrderNumber(order.id) })}>
          {body}
        </CardActionArea>
      ) : (
        <CardActionArea onClick={onOpen} aria-label={t('list.open', { number: formatOrderNumber(order.id) })}>
          {body}
        </CardActionArea>
      )}
      {onCancel && (
        <Box sx={{ px: 2, pb: 1.5 }}>
          <Button size="small" color="error" startIcon={<CancelOutlinedIcon />} onClick={onCancel}>
            {t('list.cancel')}
          </Button>
        </Box>
      )}
    </Card>
  );
}
