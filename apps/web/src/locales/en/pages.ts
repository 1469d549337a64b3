// The sections' page titles and one-line summaries (namespace "pages", added by the
// section layout: the public pages' titles are in "common"). Keys match
// src/config/paths.ts: `<section>.<page>.title` and `.summary`. A page's own texts live
// with its feature.

export const pages = {
  /** The heading of a phone section's start page (components/page/welcome-page.tsx). */
  welcome: 'Welcome, {{name}}',
  admin: {
    dashboard: {
      title: 'Dashboard',
      summary: 'The whole business at a glance.',
    },
    orders: {
      title: 'Orders',
      summary: 'Every order of every store, to follow and to correct.',
    },
    orderImage: {
      title: 'Order photos',
      summary: 'The photos the driver took of a load.',
    },
    orderDetail: {
      title: 'Order detail',
      summary: 'One order, its lines and its history.',
    },
    stores: {
      title: 'Stores',
      summary: 'Every store, and the store sign-ups waiting for approval.',
    },
    storesAddNew: {
      title: 'Add a store',
      summary: 'Create a store on behalf of its owner.',
    },
    storesRejectRequest: {
      title: 'Reject a store request',
      summary: 'Turn down a store’s sign-up.',
    },
    vendors: {
      title: 'Vendors',
      summary: 'Every vendor, and the vendor sign-ups waiting for approval.',
    },
    vendorsStore: {
      title: 'Vendor’s store',
      summary: 'One store of a vendor.',
    },
    vendorsAddNew: {
      title: 'Add a vendor',
      summary: 'Create a vendor business.',
    },
    vendorsOrders: {
      title: 'Vendor’s orders',
      summary: 'The orders of one vendor’s stores.',
    },
    vendorsStores: {
      title: 'Vendor’s stores',
      summary: 'The stores that belong to one vendor.',
    },
    vendorsRejectStore: {
      title: 'Reject a vendor’s store',
      summary: 'Turn down a store a vendor asked to add.',
    },
    drivers: {
      title: 'Drivers',
      summary: 'Every driver of the platform.',
    },
    driverDetail: {
      title: 'Driver detail',
      summary: 'One driver.',
    },
    privacy: {
      title: 'Privacy policy',
      summary: 'The privacy policy that stores, vendors and drivers read.',
    },
    termcondition: {
      title: 'Terms and conditions',
      summary: 'The terms that stores, vendors and drivers accept.',
    },
    rateByCity: {
      title: 'Rate by city',
      summary: 'The per-kg rates of every material in every city.',
    },
    rateByCityAddNewCity: {
      title: 'Add a city',
      summary: 'Start buying in a new city.',
    },
    escalations: {
      title: 'Escalations',
      summary: 'Issues raised by stores, vendors and drivers.',
    },
    escalationsStore: {
      title: 'Store escalations',
      summary: 'The issues of one store.',
    },
    escalationsIssueDetail: {
      title: 'Issue detail',
      summary: 'One issue.',
    },
    settingsOrder: {
      title: 'Order settings',
      summary: 'Rules that apply to every order.',
    },
    settingsPassword: { title: 'Change password' },
    settingsAddAccount: { title: 'Add account' },
    settingsInformation: {
      title: 'Information',
      summary: 'Your account.',
    },
    settingsNotification: {
      title: 'Notifications',
      summary: 'What you are told about, and how.',
    },
    payouts: { title: 'Payouts', summary: 'Payout requests of vendors and drivers: pay them, or say why not.' },
    statements: { title: 'Statements', summary: 'The account statement of any vendor or driver, for any dates.' },
    reconciliation: { title: 'Reconciliation', summary: 'What was bought, paid and earned, and whether the books balance.' },
    dispatch: { title: 'Dispatch', summary: 'A city\'s pending pickups and its drivers, live: send each pickup to the nearest driver.' },
  },
  store: {
    home: {
      title: 'Home',
      summary: 'Your store’s day at a glance.',
    },
    staff: {
      title: 'Staff',
      summary: 'The people who work for your store.',
    },
    orders: {
      title: 'Orders',
      summary: 'Your store’s orders.',
    },
    createOrder: {
      title: 'Create order',
      summary: 'Ask for a pickup.',
    },
    privacy: { title: 'Privacy policy', summary: 'How your data is used.' },
    termcondition: { title: 'Terms and conditions', summary: 'The terms of the platform.' },
    escalations: {
      title: 'Escalations',
      summary: 'Your issues with orders.',
    },
    escalationsStore: { title: 'Store escalations', summary: 'The issues of your store.' },
    escalationsCreateIssue: {
      title: 'Raise an issue',
      summary: 'Tell the admin what went wrong.',
    },
    settingsInformation: {
      title: 'Information',
      summary: 'Your store and your account.',
    },
    settingsNotification: {
      title: 'Notifications',
      summary: 'What you are told about, and how.',
    },
  },
  vendor: {
    home: {
      title: 'Home',
      summary: 'Your business at a glance.',
    },
    homeStoreInfo: { title: 'Store information', summary: 'One of your stores.' },
    store: {
      title: 'Stores',
      summary: 'The stores of your business.',
    },
    storeOrders: { title: 'Store orders', summary: 'The orders of one of your stores.' },
    storeStoreInfo: { title: 'Store information', summary: 'One of your stores.' },
    orders: {
      title: 'Orders',
      summary: 'The orders of all your stores.',
    },
    orderImage: { title: 'Order photos', summary: 'The photos the driver took of a load.' },
    orderDetail: {
      title: 'Order detail',
      summary: 'One order.',
    },
    wallets: {
      title: 'Wallet',
      summary: 'What your completed orders earned.',
    },
    walletsStatement: { title: 'Statement', summary: 'Your wallet for a period: opening balance, credits, payouts, closing balance.' },
    privacy: { title: 'Privacy policy', summary: 'How your data is used.' },
    termcondition: { title: 'Terms and conditions', summary: 'The terms of the platform.' },
    escalations: { title: 'Escalations', summary: 'Your issues with orders.' },
    escalationsStore: { title: 'Store escalations', summary: 'The issues of one of your stores.' },
    escalationsCreateIssue: {
      title: 'Raise an issue',
      summary: 'Tell the admin what went wrong.',
    },
    settingsInformation: {
      title: 'Information',
      summary: 'Your business and your account.',
    },
    settingsNotification: {
      title: 'Notifications',
      summary: 'What you are told about, and how.',
    },
  },
  driver: {
    home: {
      title: 'Pickups',
      summary: 'Your work for today.',
    },
    orderDetail: {
      title: 'Pickup',
      summary: 'One pickup, step by step.',
    },
    route: {
      title: 'Route',
      summary: 'Your accepted pickups in the order that makes the shortest drive.',
    },
    earnings: {
      title: 'Earnings',
      summary: 'What your completed pickups earned.',
    },
    earningsStatement: { title: 'Statement', summary: 'Your earnings for a period: opening balance, credits, payouts, closing balance.' },
    settingsInformation: {
      title: 'Information',
      summary: 'Your account.',
    },
    settingsNotification: {
      title: 'Notifications',
      summary: 'What you are told about, and how.',
    },
  },
  household: {
    book: { title: 'Book a pickup', summary: 'What you have to sell, when and where to pick it up.' },
    home: { title: 'My home', summary: 'Your name, address and the pin the driver finds you by.' },
    orders: { title: 'My pickups', summary: 'Your pickups, what you were paid, and the receipts.' },
    orderDetail: { title: 'Pickup', summary: 'One pickup: its weights, the driver, and the receipt.' },
  },
} as const;
