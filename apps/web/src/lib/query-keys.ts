// Every TanStack Query key of the web app, in one tree. A key's first element names the
// resource, so one invalidation reaches everything built from it: a transition invalidates
// `queryKeys.orders.all` and the lists, tabs, charts, the detail, the driver's board and
// the store's pop-up poll all refetch. Live updates (server events) invalidate through the
// same tree, so a key written anywhere else would silently miss them.
//
// Parameters are plain objects (the wire query of the request); a factory never reads
// React state, so route loaders, mutations and the event stream can all call it.

type Query = Readonly<Record<string, unknown>>;

const orders = {
  all: ['orders'] as const,
  lists: () => [...orders.all, 'list'] as const,
  list: (query: Query = {}) => [...orders.lists(), query] as const,
  counts: (query: Query = {}) => [...orders.all, 'counts', query] as const,
  stats: (query: Query = {}) => [...orders.all, 'stats', query] as const,
  details: () => [...orders.all, 'detail'] as const,
  detail: (id: number) => [...orders.details(), id] as const,
  /** A photo, by its API path (`/orders/{id}/images/{image_id}`, as the order lists it). */
  image: (url: string) => [...orders.all, 'image', url] as const,
  /** The store's "an order waits for you" poll (the Order detail pop-up). */
  waitingStore: () => [...orders.all, 'waiting_store'] as const,
  /** The driver's board: pending orders of the city and the driver's own. */
  driverBoard: (query: Query = {}) => [...orders.all, 'driver-board', query] as const,
  /** Orders a store or vendor may raise an issue about. */
  escalationChoices: (search: string) => [...orders.all, 'escalation-choices', search] as const,
};

const catalog = {
  all: ['catalog'] as const,
  /** GET /cities: one key for every form that offers a city (sign-up, partners, rates, driver). */
  cities: () => [...catalog.all, 'cities'] as const,
  states: () => [...catalog.all, 'states'] as const,
  materials: (query: Query = {}) => [...catalog.all, 'materials', query] as const,
  rates: (query: Query = {}) => [...catalog.all, 'rates', query] as const,
  rateCard: (query: Query = {}) => [...catalog.all, 'rate-card', query] as const,
  rateCards: () => [...catalog.all, 'rate-card'] as const,
  rateHistory: (query: Query = {}) => [...catalog.all, 'rate-history', query] as const,
  rateHistories: () => [...catalog.all, 'rate-history'] as const,
};

const partners = {
  all: ['partners'] as const,
  stores: () => [...partners.all, 'stores'] as const,
  storeList: (query: Query = {}) => [...partners.stores(), 'list', query] as const,
  store: (id: number) => [...partners.stores(), 'detail', id] as const,
  storeChoices: (query: Query = {}) => [...partners.stores(), 'choices', query] as const,
  vendors: () => [...partners.all, 'vendors'] as const,
  vendorList: (query: Query = {}) => [...partners.vendors(), 'list', query] as const,
  vendor: (id: number) => [...partners.vendors(), 'detail', id] as const,
  vendorChoices: () => [...partners.vendors(), 'choices'] as const,
  drivers: () => [...partners.all, 'drivers'] as const,
  driverList: (query: Query = {}) => [...partners.drivers(), 'list', query] as const,
  driver: (id: number) => [...partners.drivers(), 'detail', id] as const,
  staff: () => [...partners.all, 'staff'] as const,
  staffList: (query: Query = {}) => [...partners.staff(), 'list', query] as const,
};

const members = {
  all: ['members'] as const,
  detail: (loginId: string) => [...members.all, 'detail', loginId] as const,
  pending: (role: string) => [...members.all, 'pending', role] as const,
  counts: () => [...members.all, 'counts'] as const,
};

const escalations = {
  all: ['escalations'] as const,
  list: (query: Query = {}) => [...escalations.all, 'list', query] as const,
  detail: (id: number) => [...escalations.all, 'detail', id] as const,
};

const settings = {
  all: ['settings'] as const,
  setting: (key: string) => [...settings.all, key] as const,
  notificationPreferences: () => [...settings.all, 'notification', 'me'] as const,
  /** GET /invoices/waiting: what the company information holds back, so it sits with it. */
  invoiceWaits: () => [...settings.all, 'invoice-waits'] as const,
};

const notifications = {
  all: ['notifications'] as const,
  list: (query: Query = {}) => [...notifications.all, 'list', query] as const,
  unread: () => [...notifications.all, 'unread'] as const,
};

const wallets = {
  all: ['wallets'] as const,
  list: (query: Query = {}) => [...wallets.all, 'list', query] as const,
  /** A driver's earnings are its wallet: a completed order moves both. */
  driverEarnings: () => [...wallets.all, 'driver-earnings'] as const,
  /** The balances of the signed-in vendor's wallet or driver's earnings. */
  summary: (party: string) => [...wallets.all, 'summary', party] as const,
  transactions: (query: Query, limit: number) => [...wallets.all, 'transactions', query, limit] as const,
  // Statements and the reconciliation add up the same ledger: a completion or a payout moves them.
  statement: (query: Query) => [...wallets.all, 'statement', query] as const,
  reconciliation: (query: Query) => [...wallets.all, 'reconciliation', query] as const,
};

const payouts = {
  all: ['payouts'] as const,
  pages: (query: Query, limit: number) => [...payouts.all, 'pages', query, limit] as const,
};

const statements = {
  all: ['statements'] as const,
  /** The vendors and drivers the admin may pick a statement for. */
  parties: () => [...statements.all, 'parties'] as const,
};

const savedViews = {
  all: ['saved-views'] as const,
  list: (list: string) => [...savedViews.all, list] as const,
};

const driver = {
  all: ['driver'] as const,
  profile: (id: number) => [...driver.all, 'profile', id] as const,
};

const push = {
  all: ['push'] as const,
  /** GET /push/public-key: the API's VAPID key, for subscribing this browser. */
  publicKey: () => [...push.all, 'public-key'] as const,
};

const dispatch = {
  all: ['dispatch'] as const,
  /** GET /drivers/positions?city_id=N: a city's drivers, their last positions and what each holds. */
  drivers: (query: Query) => [...dispatch.all, 'drivers', query] as const,
};

const households = {
  all: ['households'] as const,
  /** GET /households/me: the signed-in household's home (name, address, pin). */
  me: () => [...households.all, 'me'] as const,
};

export const queryKeys = { orders, catalog, partners, members, escalations, settings, notifications, wallets, payouts, statements, savedViews, driver, push, dispatch, households };

/** The resources a server event may name; each maps to the root that refetches it. */
export type QueryResource = keyof typeof queryKeys;
