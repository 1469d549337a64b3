import { orderCountsQuery, ordersQuery } from '@/data/orders';

/** How many of its latest orders the store's home lists. */
const STORE_LATEST_ORDERS = 5;

/** What the store's home shows (components/store-dashboard.tsx): the counts by status and the latest orders. */
export const storeHomeQueries = () => ({ counts: orderCountsQuery(), latest: ordersQuery({}, STORE_LATEST_ORDERS) });
