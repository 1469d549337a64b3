import { createBrowserRouter, type RouteObject } from 'react-router';
import type { Role } from '@app/shared/constants';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { paths, SECTION_SEGMENTS, type AppPath } from '@/config/paths';
import { importWhenOnline, type ImportRetries } from '@/lib/import-when-online';
import type { RouteHandle } from '@/lib/route-handle';
import { RootFallback, RootLayout } from './root-layout';

// The route table: every route of product-spec.md section 2 and the driver section of
// design.md section 9. Each page is one lazily loaded module under ./routes/ that exports
// `Component` (and may export `handle`, `loader`, `ErrorBoundary`). Matching ignores case
// (react-router is case-insensitive unless a route sets caseSensitive).
// To add a page: add it to src/config/paths.ts, create its module, add one line here.

type LazyModule = NonNullable<RouteObject['lazy']>;

function page(path: AppPath, lazy: LazyModule): RouteObject {
  return { path: path.path, handle: { titleKey: path.titleKey } satisfies RouteHandle, lazy };
}

function indexPage(path: AppPath, lazy: LazyModule): RouteObject {
  return { index: true, handle: { titleKey: path.titleKey } satisfies RouteHandle, lazy };
}

const notFound: LazyModule = () => import('./routes/errors/not-found');

/**
 * A role's section: the guard and layout, then its pages under a pathless route whose
 * error element keeps the layout (a failing page does not take the navigation down).
 */
function section(role: Role, layout: LazyModule, children: RouteObject[]): RouteObject {
  return {
    path: `/${SECTION_SEGMENTS[role]}`,
    handle: { section: role } satisfies RouteHandle,
    lazy: layout,
    children: [{ errorElement: <RouteErrorBoundary />, children: [...children, { path: '*', lazy: notFound }] }],
  };
}

/**
 * A page's chunk that one bar of signal did not bring is asked for again (2, 4, 8 and 16 s)
 * before its error boundary takes it: react-router keeps a failed lazy route failed, and the
 * boundary's reload can show the browser's offline page (decision 096). Offline it fails at
 * once: the boundary says why the page waits, and opens it once the network is back.
 */
export const PAGE_RETRIES: ImportRetries = { offline: 'fail', tries: 5 };

export function withRetries(routes: RouteObject[], retries: ImportRetries = PAGE_RETRIES): RouteObject[] {
  return routes.map((route) => {
    const { lazy, children } = route;
    const retrying: Partial<RouteObject> = typeof lazy === 'function' ? { lazy: () => importWhenOnline(() => Promise.resolve(lazy()), retries) } : {};
    return { ...route, ...retrying, ...(children ? { children: withRetries(children, retries) } : {}) } as RouteObject;
  });
}

export function createRoutes(): RouteObject[] {
  return withRetries([
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: RootFallback,
      errorElement: <RouteErrorBoundary fullScreen />,
      children: [
        { index: true, lazy: () => import('./routes/landing') },
        {
          lazy: () => import('./routes/auth/layout'),
          errorElement: <RouteErrorBoundary fullScreen />,
          children: [
            page(paths.auth.login, () => import('./routes/auth/login')),
            page(paths.auth.signup, () => import('./routes/auth/signup')),
            page(paths.auth.forgotPassword, () => import('./routes/auth/forgot-password')),
            // A household signs up or in by phone code before it is a member (design.md section 21).
            page(paths.household.start, () => import('./routes/household/start')),
          ],
        },
        // Public, for signed-in and signed-out people alike; prerendered like /login.
        page(paths.public.sell, () => import('./routes/public/sell')),
        section('admin', () => import('./routes/admin/layout'), [
          indexPage(paths.admin.dashboard, () => import('./routes/admin/dashboard')),
          page(paths.admin.orders, () => import('./routes/admin/orders/orders')),
          page(paths.admin.orderImage, () => import('./routes/admin/orders/order-image')),
          page(paths.admin.orderDetail, () => import('./routes/admin/orders/order-detail')),
          page(paths.admin.stores, () => import('./routes/admin/stores/stores')),
          page(paths.admin.storesAddNew, () => import('./routes/admin/stores/add-new')),
          page(paths.admin.storesRejectRequest, () => import('./routes/admin/stores/reject-request')),
          page(paths.admin.vendors, () => import('./routes/admin/vendors/vendors')),
          page(paths.admin.vendorsStore, () => import('./routes/admin/vendors/store')),
          page(paths.admin.vendorsAddNew, () => import('./routes/admin/vendors/add-new')),
          page(paths.admin.vendorsOrders, () => import('./routes/admin/vendors/orders')),
          page(paths.admin.vendorsStores, () => import('./routes/admin/vendors/stores')),
          page(paths.admin.vendorsRejectStore, () => import('./routes/admin/vendors/reject-store')),
          page(paths.admin.drivers, () => import('./routes/admin/drivers/drivers')),
          page(paths.admin.driverDetail, () => import('./routes/admin/drivers/detail')),
          page(paths.admin.privacy, () => import('./routes/admin/privacy')),
          page(paths.admin.termcondition, () => import('./routes/admin/termcondition')),
          page(paths.admin.rateByCity, () => import('./routes/admin/rate-by-city/rate-by-city')),
          page(paths.admin.rateByCityAddNewCity, () => import('./routes/admin/rate-by-city/add-new-city')),
          page(paths.admin.escalations, () => import('./routes/admin/escalations/escalations')),
          page(paths.admin.escalationsStore, () => import('./routes/admin/escalations/store')),
          page(paths.admin.escalationsIssueDetail, () => import('./routes/admin/escalations/issue-detail')),
          page(paths.admin.settingsOrder, () => import('./routes/admin/settings/order')),
          page(paths.admin.settingsPassword, () => import('./routes/admin/settings/password')),
          page(paths.admin.settingsAddAccount, () => import('./routes/admin/settings/add-account')),
          page(paths.admin.settingsInformation, () => import('./routes/admin/settings/information')),
          page(paths.admin.settingsNotification, () => import('./routes/admin/settings/notification')),
          page(paths.admin.payouts, () => import('./routes/admin/money/payouts')),
          page(paths.admin.statements, () => import('./routes/admin/money/statements')),
          page(paths.admin.reconciliation, () => import('./routes/admin/money/reconciliation')),
          page(paths.admin.dispatch, () => import('./routes/admin/dispatch')),
        ]),
        section('store', () => import('./routes/store/layout'), [
          page(paths.store.home, () => import('./routes/store/home')),
          page(paths.store.staff, () => import('./routes/store/staff')),
          page(paths.store.orders, () => import('./routes/store/orders/orders')),
          page(paths.store.createOrder, () => import('./routes/store/orders/create-order')),
          page(paths.store.privacy, () => import('./routes/store/privacy')),
          page(paths.store.termcondition, () => import('./routes/store/termcondition')),
          page(paths.store.escalations, () => import('./routes/store/escalations/escalations')),
          page(paths.store.escalationsStore, () => import('./routes/store/escalations/store')),
          page(paths.store.escalationsCreateIssue, () => import('./routes/store/escalations/create-issue')),
          page(paths.store.settingsInformation, () => import('./routes/store/settings/information')),
          page(paths.store.settingsNotification, () => import('./routes/store/settings/notification')),
        ]),
        section('vendor', () => import('./routes/vendor/layout'), [
          page(paths.vendor.home, () => import('./routes/vendor/home/home')),
          page(paths.vendor.homeStoreInfo, () => import('./routes/vendor/home/store-info')),
          page(paths.vendor.store, () => import('./routes/vendor/store/store')),
          page(paths.vendor.storeOrders, () => import('./routes/vendor/store/orders')),
          page(paths.vendor.storeStoreInfo, () => import('./routes/vendor/store/store-info')),
          page(paths.vendor.orders, () => import('./routes/vendor/orders/orders')),
          page(paths.vendor.orderImage, () => import('./routes/vendor/orders/order-image')),
          page(paths.vendor.orderDetail, () => import('./routes/vendor/orders/order-detail')),
          page(paths.vendor.wallets, () => import('./routes/vendor/wallets')),
          page(paths.vendor.walletsStatement, () => import('./routes/vendor/wallets-statement')),
          page(paths.vendor.privacy, () => import('./routes/vendor/privacy')),
          page(paths.vendor.termcondition, () => import('./routes/vendor/termcondition')),
          page(paths.vendor.escalations, () => import('./routes/vendor/escalations/escalations')),
          page(paths.vendor.escalationsStore, () => import('./routes/vendor/escalations/store')),
          page(paths.vendor.escalationsCreateIssue, () => import('./routes/vendor/escalations/create-issue')),
          page(paths.vendor.settingsInformation, () => import('./routes/vendor/settings/information')),
          page(paths.vendor.settingsNotification, () => import('./routes/vendor/settings/notification')),
        ]),
        section('driver', () => import('./routes/driver/layout'), [
          page(paths.driver.home, () => import('./routes/driver/home')),
          page(paths.driver.orderDetail, () => import('./routes/driver/orders/order-detail')),
          page(paths.driver.route, () => import('./routes/driver/route')),
          page(paths.driver.earnings, () => import('./routes/driver/earnings')),
          page(paths.driver.earningsStatement, () => import('./routes/driver/earnings-statement')),
          page(paths.driver.settingsInformation, () => import('./routes/driver/settings/information')),
          page(paths.driver.settingsNotification, () => import('./routes/driver/settings/notification')),
        ]),
        section('household', () => import('./routes/household/layout'), [
          page(paths.household.book, () => import('./routes/household/book')),
          page(paths.household.home, () => import('./routes/household/home')),
          page(paths.household.orders, () => import('./routes/household/orders/orders')),
          page(paths.household.orderDetail, () => import('./routes/household/orders/order-detail')),
        ]),
        page(paths.errors.notFound, notFound),
        page(paths.errors.serverError, () => import('./routes/errors/server-error')),
        { path: '*', lazy: notFound },
      ],
    },
  ]);
}

export function createAppRouter() {
  return createBrowserRouter(createRoutes());
}

export type AppRouter = ReturnType<typeof createAppRouter>;
