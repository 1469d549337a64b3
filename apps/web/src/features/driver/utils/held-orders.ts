import { LIST_MAX_LIMIT } from '@app/shared/constants';
import { DRIVER_ACTIVE_STATUSES, ordersQuery, useOrders, type OrdersQuery } from '@/data/orders';

const heldBy = (driverId: number | null): OrdersQuery => ({ status: [...DRIVER_ACTIVE_STATUSES], driver_id: driverId ?? undefined, ordering: 'created_at' });

/**
 * Every order the driver holds, oldest first: the board's active list and the day's route
 * ask for exactly this, so they share one cached answer, and the route opens offline after a
 * visit to either page.
 */
export function useHeldOrders(driverId: number | null) {
  return useOrders(heldBy(driverId), { limit: LIST_MAX_LIMIT, enabled: driverId !== null });
}

/** The same as a query to fetch ahead (app/start-data.ts). */
export const heldOrdersQuery = (driverId: number) => ordersQuery(heldBy(driverId), LIST_MAX_LIMIT);
