import type { OrderOrderingField } from '@app/shared/schemas/orders';
import { orders } from '../../db/tables/orders.table';
import { stores } from '../../db/tables/partners.table';
import type { SortKey } from '../../http/keyset';

/** What each `ordering` of GET /orders sorts by; each has an index on (key, id) (migration 0005). */
export const ORDER_SORT_KEYS: Record<OrderOrderingField, SortKey> = {
  created_at: { expr: orders.createdAt, type: 'timestamptz' },
  updated_at: { expr: orders.updatedAt, type: 'timestamptz' },
  total_weight: { expr: orders.totalWeightGrams, type: 'bigint' },
  vendor_amount: { expr: orders.vendorAmountPaise, type: 'bigint' },
  driver_amount: { expr: orders.driverAmountPaise, type: 'bigint' },
  status: { expr: orders.status, type: 'text' },
  store: { expr: stores.name, type: 'text' },
};
