import { buildQueryString } from '@app/shared/query-string';
import type { ParseKeys } from 'i18next';
import type { Role } from '@app/shared/constants';

// Every route of the app, once (product-spec.md section 2 plus the driver section of
// design.md section 9). Components never write a URL string: they call getHref().
// Detail screens take their record by query string: paths.admin.orderDetail.getHref({ id: 42 }).

export type QueryParams = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

/** A page title's i18n key, namespace-qualified: a title without an English text is a type error. */
export type TitleKey = `common:${ParseKeys<'common'>}` | `pages:${ParseKeys<'pages'>}`;

export interface AppPath {
  /** The route pattern as the spec writes it (matching ignores case). */
  readonly path: string;
  /** i18n key of the page title, namespace-qualified ("pages:admin.orders.title", "common:titles.login"). */
  readonly titleKey: TitleKey;
  /** The URL of this page, with an optional query string (empty values are skipped). */
  getHref(query?: QueryParams): string;
}

function page(path: string, titleKey: TitleKey): AppPath {
  return {
    path,
    titleKey,
    getHref: (query) => `${path}${query ? buildQueryString(query) : ''}`,
  };
}

export const paths = {
  home: page('/', 'common:titles.home'),
  auth: {
    login: page('/Login', 'common:titles.login'),
    signup: page('/Signup', 'common:titles.signup'),
    forgotPassword: page('/Forgot/Password', 'common:titles.forgotPassword'),
  },
  /** Pages anyone may open, signed in or not (design.md section 21). */
  public: {
    sell: page('/Sell', 'common:titles.sell'),
  },
  errors: {
    notFound: page('/404', 'common:titles.notFound'),
    serverError: page('/500', 'common:titles.serverError'),
  },
  admin: {
    dashboard: page('/Admin', 'pages:admin.dashboard.title'),
    orders: page('/Admin/Orders', 'pages:admin.orders.title'),
    orderImage: page('/Admin/Orders/OrderImage', 'pages:admin.orderImage.title'),
    orderDetail: page('/Admin/Orders/OrderDetail', 'pages:admin.orderDetail.title'),
    stores: page('/Admin/Stores', 'pages:admin.stores.title'),
    storesAddNew: page('/Admin/Stores/AddNew', 'pages:admin.storesAddNew.title'),
    storesRejectRequest: page('/Admin/Stores/RejectRequest', 'pages:admin.storesRejectRequest.title'),
    vendors: page('/Admin/Vendors', 'pages:admin.vendors.title'),
    vendorsStore: page('/Admin/Vendors/store', 'pages:admin.vendorsStore.title'),
    vendorsAddNew: page('/Admin/Vendors/AddNew', 'pages:admin.vendorsAddNew.title'),
    vendorsOrders: page('/Admin/Vendors/Orders', 'pages:admin.vendorsOrders.title'),
    vendorsStores: page('/Admin/Vendors/Stores', 'pages:admin.vendorsStores.title'),
    vendorsRejectStore: page('/Admin/Vendors/RejectStore', 'pages:admin.vendorsRejectStore.title'),
    drivers: page('/Admin/Drivers', 'pages:admin.drivers.title'),
    driverDetail: page('/Admin/Drivers/Detail', 'pages:admin.driverDetail.title'),
    privacy: page('/Admin/Privacy', 'pages:admin.privacy.title'),
    termcondition: page('/Admin/Termcondition', 'pages:admin.termcondition.title'),
    rateByCity: page('/Admin/RateByCity', 'pages:admin.rateByCity.title'),
    rateByCityAddNewCity: page('/Admin/RateByCity/AddNewCity', 'pages:admin.rateByCityAddNewCity.title'),
    escalations: page('/Admin/Escalations', 'pages:admin.escalations.title'),
    escalationsStore: page('/Admin/Escalations/store', 'pages:admin.escalationsStore.title'),
    escalationsIssueDetail: page('/Admin/Escalations/IssueDetail', 'pages:admin.escalationsIssueDetail.title'),
    settingsOrder: page('/Admin/Settings/Order', 'pages:admin.settingsOrder.title'),
    settingsPassword: page('/Admin/Settings/Password', 'pages:admin.settingsPassword.title'),
    settingsAddAccount: page('/Admin/Settings/AddAccount', 'pages:admin.settingsAddAccount.title'),
    settingsInformation: page('/Admin/Settings/Information', 'pages:admin.settingsInformation.title'),
    settingsNotification: page('/Admin/Settings/Notification', 'pages:admin.settingsNotification.title'),
    payouts: page('/Admin/Payouts', 'pages:admin.payouts.title'),
    statements: page('/Admin/Statements', 'pages:admin.statements.title'),
    reconciliation: page('/Admin/Reconciliation', 'pages:admin.reconciliation.title'),
    dispatch: page('/Admin/Dispatch', 'pages:admin.dispatch.title'),
  },
  store: {
    home: page('/Store/Home', 'pages:store.home.title'),
    staff: page('/Store/Staff', 'pages:store.staff.title'),
    orders: page('/Store/Orders', 'pages:store.orders.title'),
    createOrder: page('/Store/Orders/CreateOrder', 'pages:store.createOrder.title'),
    privacy: page('/Store/Privacy', 'pages:store.privacy.title'),
    termcondition: page('/Store/Termcondition', 'pages:store.termcondition.title'),
    escalations: page('/Store/Escalations', 'pages:store.escalations.title'),
    escalationsStore: page('/Store/Escalations/store', 'pages:store.escalationsStore.title'),
    escalationsCreateIssue: page('/Store/Escalations/CreateIssue', 'pages:store.escalationsCreateIssue.title'),
    settingsInformation: page('/Store/Settings/Information', 'pages:store.settingsInformation.title'),
    settingsNotification: page('/Store/Settings/Notification', 'pages:store.settingsNotification.title'),
  },
  vendor: {
    home: page('/Vendor/Home', 'pages:vendor.home.title'),
    homeStoreInfo: page('/Vendor/Home/StoreInfo', 'pages:vendor.homeStoreInfo.title'),
    store: page('/Vendor/Store', 'pages:vendor.store.title'),
    storeOrders: page('/Vendor/Store/Orders', 'pages:vendor.storeOrders.title'),
    storeStoreInfo: page('/Vendor/Store/StoreInfo', 'pages:vendor.storeStoreInfo.title'),
    orders: page('/Vendor/Orders', 'pages:vendor.orders.title'),
    orderImage: page('/Vendor/Orders/OrderImage', 'pages:vendor.orderImage.title'),
    orderDetail: page('/Vendor/Orders/OrderDetail', 'pages:vendor.orderDetail.title'),
    wallets: page('/Vendor/Wallets', 'pages:vendor.wallets.title'),
    walletsStatement: page('/Vendor/Wallets/Statement', 'pages:vendor.walletsStatement.title'),
    privacy: page('/Vendor/Privacy', 'pages:vendor.privacy.title'),
    termcondition: page('/Vendor/Termcondition', 'pages:vendor.termcondition.title'),
    escalations: page('/Vendor/Escalations', 'pages:vendor.escalations.title'),
    escalationsStore: page('/Vendor/Escalations/store', 'pages:vendor.escalationsStore.title'),
    escalationsCreateIssue: page('/Vendor/Escalations/CreateIssue', 'pages:vendor.escalationsCreateIssue.title'),
    settingsInformation: page('/Vendor/Settings/Information', 'pages:vendor.settingsInformation.title'),
    settingsNotification: page('/Vendor/Settings/Notification', 'pages:vendor.settingsNotification.title'),
  },
  driver: {
    home: page('/Driver/Home', 'pages:driver.home.title'),
    orderDetail: page('/Driver/Orders/OrderDetail', 'pages:driver.orderDetail.title'),
    route: page('/Driver/Route', 'pages:driver.route.title'),
    earnings: page('/Driver/Earnings', 'pages:driver.earnings.title'),
    earningsStatement: page('/Driver/Earnings/Statement', 'pages:driver.earningsStatement.title'),
    settingsInformation: page('/Driver/Settings/Information', 'pages:driver.settingsInformation.title'),
    settingsNotification: page('/Driver/Settings/Notification', 'pages:driver.settingsNotification.title'),
  },
  // A household sells its own scrap (design.md section 21). Start is where it signs up or in by
  // phone code, before it is a member: its title is in "common" like the other public pages'.
  household: {
    start: page('/Household/Start', 'common:titles.householdStart'),
    book: page('/Household/Book', 'pages:household.book.title'),
    home: page('/Household/Home', 'pages:household.home.title'),
    orders: page('/Household/Orders', 'pages:household.orders.title'),
    orderDetail: page('/Household/Orders/OrderDetail', 'pages:household.orderDetail.title'),
  },
} as const;

/** The first path segment of each role's section. */
export const SECTION_SEGMENTS: Record<Role, string> = {
  admin: 'Admin',
  store: 'Store',
  vendor: 'Vendor',
  driver: 'Driver',
  household: 'Household',
};

/** Where each role lands after sign-in (design.md section 9). */
export const START_PAGES: Record<Role, AppPath> = {
  admin: paths.admin.vendors,
  store: paths.store.home,
  vendor: paths.vendor.home,
  driver: paths.driver.home,
  // Its pickups, their payments and receipts (a new household goes on to Book from /Household/Start).
  household: paths.household.orders,
};

/** The role whose section a pathname lies in (case-insensitive), or null for public pages. */
export function sectionOfPath(pathname: string): Role | null {
  const first = pathname.split('/').find((segment) => segment !== '')?.toLowerCase();
  const entry = Object.entries(SECTION_SEGMENTS).find(([, segment]) => segment.toLowerCase() === first);
  return entry ? (entry[0] as Role) : null;
}

/** Every page of the table, flattened (for tests and the navigation). */
export function allPaths(): AppPath[] {
  const out: AppPath[] = [];
  const walk = (node: unknown) => {
    if (node && typeof node === 'object') {
      if ('path' in node && 'getHref' in node) out.push(node as AppPath);
      else Object.values(node).forEach(walk);
    }
  };
  walk(paths);
  return out;
}

/**
 * A `redirectTo` value is only followed when it is a path inside this app (never another
 * origin, never a protocol-relative URL).
 */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  return target;
}
