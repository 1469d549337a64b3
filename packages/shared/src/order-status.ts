export const ORDER_STATUSES = [
  'pending',
  'accepted',
  'moving',
  'arrived',
  'waiting_store',
  'waiting_admin',
  'waiting_driver',
  'issue',
  'completed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses product-spec.md section 4 offers in filters. */
export const ORDER_FILTER_STATUSES = ['pending', 'moving', 'cancelled', 'completed', 'accepted', 'arrived'] as const;

/** Moving and accepted are kept as one "in progress" pair. */
export const IN_PROGRESS_STATUSES = ['moving', 'accepted'] as const;

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  moving: 'Onmoving',
  arrived: 'Arrived',
  waiting_store: 'Waiting store',
  waiting_admin: 'Waiting admin',
  waiting_driver: 'Waiting driver',
  issue: 'Issue',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}
