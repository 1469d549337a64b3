// Sorting a list (design.md section 13): `ordering=field` or `ordering=-field`, and the
// fields each list sorts by. Zod-free, so a list page's start (the web app's list kit and
// /Admin/Orders) does not load the schemas; the query schemas build on these.

export interface Ordering<F extends string = string> {
  field: F;
  descending: boolean;
}

export function parseOrdering<F extends string>(value: string): Ordering<F> {
  const descending = value.startsWith('-');
  return { field: (descending ? value.slice(1) : value) as F, descending };
}

export const formatOrdering = (field: string, descending: boolean): string => `${descending ? '-' : ''}${field}`;

/** An `ordering` value of a list whose sortable fields are F. */
export type OrderingValue<F extends string> = F | `-${F}`;

/** What GET /orders sorts by; `store` is the store's name. */
export const ORDER_ORDERING_FIELDS = ['created_at', 'updated_at', 'total_weight', 'vendor_amount', 'driver_amount', 'status', 'store'] as const;
export type OrderOrderingField = (typeof ORDER_ORDERING_FIELDS)[number];
export type OrderOrdering = OrderingValue<OrderOrderingField>;
export const ORDER_DEFAULT_ORDERING: OrderOrdering = '-created_at';

/** What GET /escalations sorts by; default -created_at. */
export const ESCALATION_ORDERING_FIELDS = ['created_at', 'status'] as const;
export const MEMBER_ORDERING_FIELDS = ['created_at', 'name', 'login_id'] as const;
export const VENDOR_ORDERING_FIELDS = ['created_at', 'company_name'] as const;
export const STORE_ORDERING_FIELDS = ['created_at', 'name'] as const;
export const DRIVER_ORDERING_FIELDS = ['created_at', 'vehicle_number'] as const;
