import { ORDER_FILTER_STATUSES, ORDER_STATUSES, type OrderStatus } from '@app/shared/order-status';
import type { SavedViewList } from '@app/shared/schemas/saved-views';
import type { HideBelow } from '@/components/list/data-table';
import {
  cancelColumn,
  createdColumn,
  driverColumn,
  householdAmountColumn,
  materialsColumn,
  numberColumn,
  receiptColumn,
  slotColumn,
  statusColumn,
  storeColumn,
  vendorAmountColumn,
  weightColumn,
  type OrderColumn,
} from './order-columns';

// What each audience's orders list is made of. The list composes these parts and never
// asks who is looking; the API decides which orders each caller may see.

/** `customer`: stores' or households' pickups (design.md section 21). */
export type OrderFilterKind = 'store' | 'vendor' | 'city' | 'customer';

export interface OrderListPreset {
  columns: readonly OrderColumn[];
  /** The choice filters beside search and date. */
  filters: readonly OrderFilterKind[];
  /** Status as tabs with counts (else a status menu of `statuses`). */
  tabs: boolean;
  statuses: readonly OrderStatus[];
  /** `GET /orders/export.csv` of the same filters and sort. */
  exportable: boolean;
  /** Saved views under this list name. */
  savedViews?: SavedViewList;
  /** A phone card shows the store's name. */
  cardShowsStore: boolean;
  /** Rows offer "Cancel order" while the shared transition table allows it. */
  cancellable: boolean;
}

/** Materials fit beside the drawer only on wide screens. */
const WIDE: HideBelow = 'xl';

export const adminOrders: OrderListPreset = {
  columns: [numberColumn, createdColumn, storeColumn, statusColumn, materialsColumn(WIDE), driverColumn, weightColumn, vendorAmountColumn],
  filters: ['customer', 'store', 'vendor', 'city'],
  tabs: true,
  statuses: ORDER_STATUSES,
  exportable: true,
  savedViews: 'orders',
  cardShowsStore: true,
  cancellable: false,
};

export const vendorOrders: OrderListPreset = {
  columns: [numberColumn, createdColumn, storeColumn, statusColumn, materialsColumn(WIDE), weightColumn, vendorAmountColumn],
  filters: ['store'],
  tabs: false,
  statuses: ORDER_STATUSES,
  exportable: true,
  savedViews: 'orders',
  cardShowsStore: true,
  cancellable: false,
};

/** The store's list has room for the materials, and a cancel button while it may cancel. */
export const storeOrders: OrderListPreset = {
  columns: [numberColumn, createdColumn, slotColumn, statusColumn, materialsColumn('md'), weightColumn, vendorAmountColumn, cancelColumn],
  filters: [],
  tabs: false,
  statuses: ORDER_FILTER_STATUSES,
  exportable: false,
  cardShowsStore: false,
  cancellable: true,
};

/** A household's pickups (design.md section 21): when, status, what it is paid and its receipt; cancelling is on the pickup's page. */
export const householdOrders: OrderListPreset = {
  columns: [numberColumn, createdColumn, slotColumn, statusColumn, materialsColumn('md'), weightColumn, householdAmountColumn, receiptColumn],
  filters: [],
  tabs: false,
  statuses: ORDER_FILTER_STATUSES,
  exportable: false,
  cardShowsStore: false,
  cancellable: false,
};
