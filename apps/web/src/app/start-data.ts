import { walletsQuery } from '@/data/wallets';
import { orderCountsQuery, orderPagesQuery, orderStatsQuery } from '@/data/orders';
import { START_PAGES } from '@/config/paths';
import { queryClient as client } from '@/lib/query-client';
import type { SessionUser } from '@/lib/session';
import { PENDING_PAGE, pendingOrders } from '@/features/driver/pending-orders';
import { heldOrdersQuery } from '@/features/driver/utils/held-orders';
import { storeHomeQueries } from '@/features/orders/store-home-queries';
import { vendorMonthStats } from '@/features/dashboards/vendor-month-stats';

/**
 * A phone home's first data, asked for by the session's start (decision 087) while the app's
 * scripts arrive, with the same query options the home's own hooks use: the home finds the
 * answers in the query cache or on their way. Only on the member's start page ("/" leads
 * there); each request waits for the session's refresh, as every request does.
 */
export function prefetchStartData(user: SessionUser, pathname: string): void {
  const path = pathname.toLowerCase();
  if (path !== '/' && path !== START_PAGES[user.role].path.toLowerCase()) return;
  switch (user.role) {
    case 'store': {
      const { counts, latest } = storeHomeQueries();
      void client.prefetchQuery(latest);
      void client.prefetchQuery(counts);
      return;
    }
    case 'driver':
      // The board's first page before any position is known (it asks the same until one is).
      void client.prefetchInfiniteQuery(orderPagesQuery(pendingOrders(), PENDING_PAGE));
      if (user.driverId !== null) void client.prefetchQuery(heldOrdersQuery(user.driverId));
      return;
    case 'vendor': {
      // The figures of the month (the first is the orders'), the orders waiting, the wallet.
      const { orders, earnings } = vendorMonthStats();
      void client.prefetchQuery(orderStatsQuery(orders));
      void client.prefetchQuery(orderStatsQuery(earnings));
      void client.prefetchQuery(orderCountsQuery());
      void client.prefetchQuery(walletsQuery());
      return;
    }
    default:
  }
}
