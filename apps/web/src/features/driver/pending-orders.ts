import type { OrdersQuery } from '@/data/orders';

/**
 * Oldest first, so the longest-waiting pickups are the first a driver sees; the city's
 * pending orders come a page at a time (a busy city has hundreds). The board follows the
 * change feed (features/live), so it needs no polling of its own.
 */
const OLDEST_FIRST = 'created_at';
export const PENDING_PAGE = 20;

/** The driver's available pickups: nearest first with a position (`near`), else oldest first; `pickupDate` keeps one day's slots. */
export function pendingOrders({ near, pickupDate }: { near?: string; pickupDate?: string } = {}): OrdersQuery {
  return { status: ['pending'], ...(near ? { near } : { ordering: OLDEST_FIRST }), ...(pickupDate ? { pickup_date: pickupDate } : {}) };
}
