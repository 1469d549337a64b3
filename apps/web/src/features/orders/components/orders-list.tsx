import { useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_KINDS } from '@app/shared/constants';
import { isOrderStatus, type OrderStatus } from '@app/shared/order-status';
import { ORDER_DEFAULT_ORDERING, ORDER_ORDERING_FIELDS } from '@app/shared/list-ordering';
import type { Order } from '@app/shared/schemas/orders';
import { lazyDialog } from '@/components/lazy-dialog';
import { CityFilter } from '@/components/list/city-filter';
import { DataTable } from '@/components/list/data-table';
import { ExportButton } from '@/components/list/export-button';
import { DateFilter, FilterBar, SearchFilter } from '@/components/list/filters';
import { ListResults, type ListResultsProps } from '@/components/list/list-results';
import { RenderAfterMount } from '@/components/page/deferred-render';
import { MoreFilters } from '@/components/list/more-filters';
import { allowedOrdering } from '@/components/list/ordering';
import { SavedViews } from '@/components/list/saved-views';
import { oneOf, useListParams } from '@/components/list/use-list-params';
import { useOrderCounts, useOrderPages, type OrderCountsQuery, type OrdersQuery } from '@/data/orders';
import { addTranslations } from '@/lib/i18n';
import { ordersEn } from '../locales/en';
import { OrderCard } from './order-card';
import type { OrderRowActions } from './order-columns';
import { CustomerFilter, StatusFilter, StoreFilter, VendorFilter } from './order-filters';
import type { OrderFilterKind, OrderListPreset } from './order-list-presets';
import { OrderLinesDialog } from './order-lines-dialog';
import { OrderStatusTabs } from './order-status-tabs';

addTranslations('orders', ordersEn);

// The reason form and its schema load when a row's Cancel is pressed, not with the list.
const CancelOrderDialog = lazyDialog(() => import('./cancel-order-dialog').then((module) => module.CancelOrderDialog));

const PAGE_SIZE = 25;
/** The cards a phone's first screen shows, and a few more: the rest come a commit later. */
const FIRST_SCREEN_CARDS = 6;
const CARD_DIVIDER = <Box sx={{ borderTop: 1, borderColor: 'divider' }} />;
/** Every parameter the list keeps in the URL: the API's own names. */
const PARAMS = ['status', 'store_id', 'vendor_id', 'city_id', 'customer_kind', 'created_at__gt', 'search', 'ordering'] as const;

export interface OrdersListProps {
  /** What this audience's list is made of (order-list-presets.ts). */
  preset: OrderListPreset;
  /** Where a row leads (admin, vendor); without it a row opens its lines in a dialog (store). */
  getDetailHref?: (id: number) => string;
  /** Shown in the empty state when nothing was ever ordered (the store's "Create order"). */
  emptyAction?: ReactNode;
  /** This audience's own words (a household's "No pickups yet"), instead of the store's and the lists' usual ones. */
  texts?: { emptyTitle: string; emptyDescription?: string; searchPlaceholder?: string };
  /** Narrows everything (a vendor's store page, say); its filter is then not offered. */
  fixedFilter?: Pick<OrdersQuery, 'store_id' | 'vendor_id'>;
}

const statusList = (value: string | null): OrderStatus[] | undefined => {
  const list = (value ?? '').split(',').filter(isOrderStatus);
  return list.length > 0 ? list : undefined;
};

/**
 * The orders the signed-in member may see: filters, sort and paging in the URL, status tabs
 * with counts or a status menu, cursor pages, CSV export and saved views, as the preset says.
 */
export function OrdersList({ preset, getDetailHref, emptyAction, texts, fixedFilter }: OrdersListProps) {
  const { t } = useTranslation('orders');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const params = useListParams(PARAMS);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [linesOf, setLinesOf] = useState<Order | null>(null);

  const { values } = params;
  const filters = useMemo(
    () => ({
      store_id: fixedFilter?.store_id ?? (Number(values.store_id) || undefined),
      vendor_id: fixedFilter?.vendor_id ?? (Number(values.vendor_id) || undefined),
      city_id: Number(values.city_id) || undefined,
      // A kind the API knows, else none: a hand-edited URL shows every order rather than a 400.
      customer_kind: oneOf(values.customer_kind, CUSTOMER_KINDS),
      created_at__gt: values.created_at__gt,
      search: values.search,
    }),
    [fixedFilter?.store_id, fixedFilter?.vendor_id, values],
  );
  const query: OrdersQuery = useMemo(() => ({ ...filters, status: statusList(values.status ?? null), ordering: allowedOrdering(values.ordering, ORDER_ORDERING_FIELDS) }), [filters, values]);

  const filtered = Object.keys(values).some((name) => name !== 'ordering');
  const actions: OrderRowActions = {
    getDetailHref,
    onOpen: (order) => (getDetailHref ? undefined : setLinesOf(order)),
    onCancel: preset.cancellable ? setCancelling : undefined,
  };
  const columns = preset.columns.map((column) => column(t, actions));
  const offers = (kind: OrderFilterKind) => preset.filters.includes(kind);
  // The filters beyond the search this list shows, by the parameter each sets; a phone keeps
  // them behind its "Filters" button, which counts those set (a parameter no field shows is not one).
  const shown: Record<(typeof PARAMS)[number], boolean> = {
    status: !preset.tabs,
    store_id: offers('store') && !fixedFilter?.store_id,
    vendor_id: offers('vendor') && !fixedFilter?.vendor_id,
    customer_kind: offers('customer'),
    city_id: offers('city'),
    created_at__gt: true,
    search: false,
    ordering: false,
  };
  const setFilters = PARAMS.filter((name) => shown[name] && values[name] !== undefined).length;
  const card = (order: Order) => <OrderCard key={order.id} order={order} showStore={preset.cardShowsStore} actions={actions} />;

  return (
    <Box>
      {preset.tabs && <OrderStatusTabsWithCounts filters={filters} value={values.status ?? ''} onChange={(status) => params.set({ status })} />}

      <FilterBar>
        <SearchFilter value={values.search ?? ''} onChange={(search) => params.set({ search })} placeholder={texts?.searchPlaceholder ?? t('filters.searchPlaceholder')} besideFilters />
        <MoreFilters active={setFilters}>
          {shown.status && <StatusFilter value={values.status ?? ''} statuses={preset.statuses} onChange={(status) => params.set({ status })} />}
          {shown.store_id && <StoreFilter value={params.getId('store_id')} onChange={(id) => params.set({ store_id: id })} />}
          {shown.vendor_id && <VendorFilter value={params.getId('vendor_id')} onChange={(id) => params.set({ vendor_id: id })} />}
          {shown.customer_kind && <CustomerFilter value={values.customer_kind ?? ''} onChange={(customer_kind) => params.set({ customer_kind })} />}
          {shown.city_id && <CityFilter label={t('filters.city')} value={params.getId('city_id')} onChange={(id) => params.set({ city_id: id })} />}
          <DateFilter value={values.created_at__gt ?? null} onChange={(since) => params.set({ created_at__gt: since })} />
        </MoreFilters>
        {/* On a phone the buttons take a row of their own, under the search and its Filters. */}
        <Box sx={{ flex: 1, display: { xs: 'none', sm: 'block' } }} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          {filtered && (
            <Button size="small" onClick={params.clear}>
              {t('filters.clear')}
            </Button>
          )}
          <RefreshOrders query={query} />
          {preset.savedViews && <SavedViews list={preset.savedViews} params={params} />}
          {preset.exportable && <ExportButton path="/orders/export.csv" query={query} fileStem="orders" />}
        </Stack>
      </FilterBar>

      <OrderResults
        query={query}
        filtered={filtered}
        empty={{ title: texts?.emptyTitle ?? t('list.emptyStore'), description: texts ? texts.emptyDescription : emptyAction ? t('list.emptyStoreHint') : undefined, action: emptyAction }}
      >
        {(rows) =>
          phone ? (
            <Stack divider={CARD_DIVIDER}>
              {rows.slice(0, FIRST_SCREEN_CARDS).map(card)}
              {rows.length > FIRST_SCREEN_CARDS && (
                // The cards below the first screen in a commit of their own (decision 094).
                <RenderAfterMount>
                  <Stack divider={CARD_DIVIDER}>{rows.slice(FIRST_SCREEN_CARDS).map(card)}</Stack>
                </RenderAfterMount>
              )}
            </Stack>
          ) : (
            <DataTable
              label={t('fields.order')}
              columns={columns}
              rows={rows}
              rowKey={(order) => order.id}
              rowHref={getDetailHref && ((order) => getDetailHref(order.id))}
              onRowClick={getDetailHref ? undefined : actions.onOpen}
              sort={{ ordering: values.ordering ?? null, fallback: ORDER_DEFAULT_ORDERING, onChange: (ordering) => params.set({ ordering }) }}
            />
          )
        }
      </OrderResults>

      {cancelling && (
        <CancelOrderDialog orderId={cancelling.id} onClose={() => setCancelling(null)} />
      )}
      {linesOf && <OrderLinesDialog order={linesOf} onClose={() => setLinesOf(null)} />}
    </Box>
  );
}

// The answers are read by the parts that show them, not by the list: an answer's render (a
// blocking one, decision 051) then draws the tabs or the rows, not the filter bar as well (decision 059).

function OrderStatusTabsWithCounts({ filters, value, onChange }: { filters: OrderCountsQuery; value: string; onChange: (status: string) => void }) {
  const counts = useOrderCounts(filters);
  return <OrderStatusTabs value={value} counts={counts.data} onChange={onChange} />;
}

function RefreshOrders({ query }: { query: OrdersQuery }) {
  const { t } = useTranslation('orders');
  // Only `refetch` is read: TanStack Query re-renders this button for none of the answers.
  const { refetch } = useOrderPages(query, PAGE_SIZE);
  return (
    // A plain title, not MUI's Tooltip: see notifications-bell.tsx (decision 057).
    <IconButton title={t('list.refresh')} aria-label={t('list.refresh')} onClick={() => void refetch()}>
      <RefreshIcon />
    </IconButton>
  );
}

function OrderResults({ query, ...props }: Omit<ListResultsProps<Order>, 'query'> & { query: OrdersQuery }) {
  return <ListResults query={useOrderPages(query, PAGE_SIZE)} {...props} />;
}
