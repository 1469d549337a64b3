import { citiesQuery } from '@/data/catalog';
import { unreadNotificationsQuery } from '@/data/settings';
import { walletsQuery } from '@/data/wallets';
import { orderCountsQuery, orderPagesQuery, orderStatsQuery } from '@/data/orders';
import { START_PAGES } from '@/config/paths';
import { queryClient as client } from '@/lib/query-client';
import type { SessionUser } from '@/lib/session';
import { PENDING_PAGE, pendingOrders } from '@/features/driver/pending-orders';
import { heldOrdersQuery } from '@/features/driver/utils/held-orders';
import { storeHomeQueries } from '@/features/orders/store-home-queries';
import { vendorMonthStats } from '@/features/dashboards/vendor-month-stats';
import { adoptRenderedStart } from './rendered-start';

/**
 * A phone home's first data, asked for by the session's start (decision 087) while the app's
 * scripts arrive, with the same query options the home's own hooks use: the home finds the
 * answers in the query cache or on their way. Only on the member's start page ("/" leads
 * there); each request waits for the session's refresh, as every request does. Settles when
 * every answer is in the cache (or failed there; a prefetch never rejects): the web host's
 * render of the start page waits for it (render-start-page.tsx).
 */
export async function prefetchStartData(user: SessionUser, pathname: string): Promise<void> {
  const path = pathname.toLowerCase();
  if (path !== '/' && path !== START_PAGES[user.role].path.toLowerCase()) return;
  // The web host drew this page with its answers already: they are in the cache, fresh.
  if (typeof document !== 'undefined' && adoptRenderedStart(document)) return;
  // The top bar's bell is on every phone home: its count in the first render, not a re-render of its own.
  const bell = user.role === 'admin' ? undefined : client.prefetchQuery(unreadNotificationsQuery());
  await Promise.all([bell, homeData(user)]);
}

/** A phone home's own first answers, asked for with the same options as its hooks. */
function homeData(user: SessionUser): Promise<unknown> | undefined {
  switch (user.role) {
    case 'store': {
      const { counts, latest } = storeHomeQueries();
      return Promise.all([client.prefetchQuery(latest), client.prefetchQuery(counts)]);
    }
    case 'driver':
      // The board's first page before any position is known (it asks the same until one is),
      // and the cities its cards name: asked for after the board's first render, their answer
      // re-rendered the whole home at once and put the city into each card's address then.
      return Promise.all([
        client.prefetchInfiniteQuery(orderPagesQuery(pendingOrders(), PENDING_PAGE)),
        user.driverId !== null ? client.prefetchQuery(heldOrdersQuery(user.driverId)) : undefined,
        client.prefetchQuery(citiesQuery()),
      ]);
    case 'vendor': {
      // The figures of the month (the first is the orders'), the orders waiting, the wallet.
      const { orders, earnings } = vendorMonthStats();
      return Promise.all([client.prefetchQuery(orderStatsQuery(orders)), client.prefetchQuery(orderStatsQuery(earnings)), client.prefetchQuery(orderCountsQuery()), client.prefetchQuery(walletsQuery())]);
    }
    default:
      return undefined;
  }
}
