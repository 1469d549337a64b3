import { useDeferredValue } from 'react';
import { useQuery } from '@tanstack/react-query';
import { canReviewOrder } from '@app/shared/order-machine';
import { lazyDialog } from '@/components/lazy-dialog';
import { QueryProvider } from '@/components/providers/query-provider';
import { paths } from '@/config/paths';
import { usePageSettled } from '@/lib/page-settled';
import { useSession } from '@/lib/session';
import { useWaitingStoreOrder } from '@/data/orders';
import { materialsQuery, ratesQuery } from '@/data/catalog';
import { storeQuery } from '@/data/partners';
import { dismissOrderPopup, popupVersion, useDismissedOrderPopup } from '../utils/order-popup';
import { useViewedOrder } from '../utils/viewed-order';

// The pop-up itself (with its forms) loads when an order waits: every store page mounts
// the poller, and a phone should not fetch a dialog's code before the page it opened.
const OrderReviewDialog = lazyDialog(() => import('./order-review-dialog').then((module) => module.OrderReviewDialog));
// The catalogue for the create-order form comes once the page has settled.
const PREFETCH_SETTLE_MS = 1000;

/**
 * The store's "Order detail" pop-up (product-spec.md section 2): polls for orders waiting
 * for the store every STORE_POLL_INTERVAL_MS and shows the first one until it is approved,
 * sent to the admin, or closed (a closed order stays hidden until it changes, or until the
 * home's notice brings it back).
 * Mounted once by the store layout; it brings its own query provider so it can sit beside it.
 */
export function StoreOrderDialog() {
  return (
    <QueryProvider>
      <StoreCataloguePrefetch />
      <StoreOrderPoller />
    </QueryProvider>
  );
}

/**
 * product-spec.md section 6: a store loads materials and rates at start (cached for the
 * create-order form). A component of its own: each of these answers re-renders only it, not
 * an open pop-up (a dialog of some 130 components) once per answer.
 */
function StoreCataloguePrefetch() {
  const { user, signedIn } = useSession();
  const settled = usePageSettled(PREFETCH_SETTLE_MS);
  const prefetch = signedIn && user?.role === 'store' && settled;
  useQuery({ ...materialsQuery(), enabled: prefetch });
  const store = useQuery({ ...storeQuery(user?.storeId ?? 0), enabled: prefetch && !!user?.storeId });
  useQuery({ ...ratesQuery({ type: 'vendor', city_id: store.data?.city.id }), enabled: prefetch && store.data !== undefined });
  return null;
}

function StoreOrderPoller() {
  const { user, signedIn } = useSession();
  const isStore = signedIn && user?.role === 'store';
  const waiting = useWaitingStoreOrder(isStore);
  // Shared with the home's notice, which brings a closed pop-up back (utils/order-popup.ts).
  const dismissed = useDismissedOrderPopup();
  const viewed = useViewedOrder();
  // The pop-up (a dialog with its forms) renders in slices that yield to the phone, not in
  // the one blocking render a query's answer gets (decision 041).
  const order = useDeferredValue(waiting.data ?? null);
  if (!user || !order || !canReviewOrder(user.role, order.status)) return null;
  const version = popupVersion(order);
  if (dismissed === version || viewed === order.id) return null;
  return (
    <OrderReviewDialog
      key={order.id}
      order={order}
      isAdmin={user.role === 'admin'}
      onClose={() => dismissOrderPopup(version)}
      detailsHref={user.role === 'store' ? paths.store.orders.getHref({ id: order.id }) : undefined}
    />
  );
}

