import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import type { TFunction } from 'i18next';
import { Link as RouterLink } from 'react-router';
import { formatCurrency, formatDateTime, formatOrderNumber, formatPickupSlot, formatWeight } from '@app/shared/format';
import { istDay } from '@app/shared/india-time';
import { actionsFor } from '@app/shared/order-machine';
import type { Order } from '@app/shared/schemas/orders';
import type { Column, HideBelow } from '@/components/list/data-table';
import { HouseholdTag } from '@/components/status/household-tag';
import { OrderStatusChip } from '@/components/status/order-status-chip';
import { MaterialNames } from './material-names';

// The columns an orders table may show. A list picks its own (see order-list-presets);
// the table never asks who is looking.

export interface OrderRowActions {
  /** Where the row's number leads (admin, vendor). */
  getDetailHref?: (id: number) => string;
  /** What the number does without a detail page (the store's lines dialog). */
  onOpen: (order: Order) => void;
  /** The row's cancel button, when this order may be cancelled here. */
  onCancel?: (order: Order) => void;
}

export type OrderColumn = (t: TFunction<'orders'>, actions: OrderRowActions) => Column<Order>;

const materials = (order: Order) => <MaterialNames details={order.details} />;

export const numberColumn: OrderColumn = (t, { getDetailHref, onOpen }) => ({
  id: 'number',
  header: t('fields.order'),
  cell: (order) => (
    <NumberLink href={getDetailHref?.(order.id)} onClick={() => onOpen(order)} label={t('list.open', { number: formatOrderNumber(order.id) })}>
      {formatOrderNumber(order.id)}
    </NumberLink>
  ),
});

export const createdColumn: OrderColumn = (t) => ({
  id: 'created_at',
  header: t('fields.createdAt'),
  cell: (order) => formatDateTime(order.created_at),
  sort: { field: 'created_at', firstDescending: true },
  // The time above the date where the table is short of room.
  wrap: true,
});

/** When the store asked the pickup to happen; "—": any time. */
export const slotColumn: OrderColumn = (t) => ({
  id: 'pickup_slot',
  header: t('fields.pickupSlot'),
  cell: (order) => (order.pickup_slot ? formatPickupSlot(order.pickup_slot, istDay(new Date())) : '—'),
  hideBelow: 'md',
});

/** The store, or a household (its home's name) marked as one. */
export const storeColumn: OrderColumn = (t) => ({
  id: 'store',
  header: t('fields.store'),
  cell: (order) =>
    order.customer_kind === 'household' ? (
      // Wraps under the name where the table is short of room, rather than pushing the amounts out of sight.
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}>
        <span>{order.store.name}</span>
        <HouseholdTag kind={order.customer_kind} />
      </Stack>
    ) : (
      order.store.name
    ),
  sort: { field: 'store' },
  wrap: true,
});

export const statusColumn: OrderColumn = (t) => ({ id: 'status', header: t('fields.status'), cell: (order) => <OrderStatusChip status={order.status} />, sort: { field: 'status' } });

export const materialsColumn =
  (hideBelow: HideBelow): OrderColumn =>
  (t) => ({ id: 'materials', header: t('fields.lines'), cell: materials, hideBelow, wrap: true, sx: { maxWidth: 240 } });

export const driverColumn: OrderColumn = (t) => ({ id: 'driver', header: t('fields.driver'), cell: (order) => order.driver?.name ?? '—', hideBelow: 'lg', wrap: true });

export const weightColumn: OrderColumn = (t) => ({
  id: 'total_weight',
  header: t('fields.weight'),
  cell: (order) => formatWeight(order.total_weight),
  align: 'right',
  sort: { field: 'total_weight', firstDescending: true },
});

/**
 * The vendor amount; on a household's row (no vendor: its lines are priced at the b2c rate,
 * decision 084) the same field is what the household is paid, and the cell says so.
 */
export const vendorAmountColumn: OrderColumn = (t) => ({
  id: 'vendor_amount',
  header: t('fields.vendorAmount'),
  cell: (order) =>
    order.customer_kind === 'household' ? (
      <>
        {formatCurrency(order.vendor_amount)}
        <Typography component="span" variant="caption" data-testid="household-amount-note" sx={{ display: 'block', color: 'text.secondary', fontWeight: 400 }}>
          {t(order.payment ? 'household.amount' : 'household.toPay')}
        </Typography>
      </>
    ) : (
      formatCurrency(order.vendor_amount)
    ),
  align: 'right',
  sort: { field: 'vendor_amount', firstDescending: true },
  sx: { fontWeight: 600 },
});

/** What a household is (to be) paid for its pickup: the b2c amount (design.md section 21). */
export const householdAmountColumn: OrderColumn = (t) => ({
  id: 'vendor_amount',
  header: t('householdOrder.amount'),
  cell: (order) => formatCurrency(order.vendor_amount),
  align: 'right',
  sort: { field: 'vendor_amount', firstDescending: true },
  sx: { fontWeight: 600 },
});

/** A completed household pickup's receipt number ("RCPT/2026-27/000001"); "—" before. */
export const receiptColumn: OrderColumn = (t) => ({
  id: 'receipt',
  header: t('household.receipt'),
  cell: (order) => (order.receipt ? <span data-testid="receipt-number">{order.receipt.number}</span> : '—'),
  sx: { whiteSpace: 'nowrap' },
});

/** True when the store may still cancel the order (the shared transition table decides). */
export const storeMayCancel = (order: Order) => actionsFor('store', order.status).includes('cancel');

export const cancelColumn: OrderColumn = (t, { onCancel }) => ({
  id: 'cancel',
  header: '',
  align: 'right',
  // Its button's words on two lines before the amounts beside it go out of sight.
  wrap: true,
  cell: (order) =>
    onCancel &&
    storeMayCancel(order) && (
      <span onClick={(event) => event.stopPropagation()}>
        <Button size="small" color="error" startIcon={<CancelOutlinedIcon />} onClick={() => onCancel(order)}>
          {t('list.cancel')}
        </Button>
      </span>
    ),
});

/** A row's number: a link to the detail page where there is one, else a button that opens the lines. */
function NumberLink({ href, onClick, label, children }: { href?: string; onClick: () => void; label: string; children: ReactNode }) {
  const sx = { fontWeight: 700, minWidth: 0, px: 0.5 };
  if (href) {
    return (
      <Button component={RouterLink} to={href} nativeButton={false} onClick={(e) => e.stopPropagation()} aria-label={label} size="small" sx={sx}>
        {children}
      </Button>
    );
  }
  return (
    <Button
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
      aria-label={label}
      size="small"
      sx={sx}
    >
      {children}
    </Button>
  );
}
