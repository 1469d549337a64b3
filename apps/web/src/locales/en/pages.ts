// The sections' page titles (namespace "pages", added by the section layout: the public
// pages' titles are in "common"). Keys match src/config/paths.ts: `<section>.<page>.title`.
// A page's own texts live with its feature.

export const pages = {
  admin: {
    dashboard: {
      title: 'Dashboard',
    },
    orders: {
      title: 'Orders',
    },
    orderImage: {
      title: 'Order photos',
    },
    orderDetail: {
      title: 'Order detail',
    },
    stores: {
      title: 'Stores',
    },
    storesAddNew: {
      title: 'Add a store',
    },
    storesRejectRequest: {
      title: 'Reject a store request',
    },
    vendors: {
      title: 'Vendors',
    },
    vendorsStore: {
      title: 'Vendor’s store',
    },
    vendorsAddNew: {
      title: 'Add a vendor',
    },
    vendorsOrders: {
      title: 'Vendor’s orders',
    },
    vendorsStores: {
      title: 'Vendor’s stores',
    },
    vendorsRejectStore: {
      title: 'Reject a vendor’s store',
    },
    drivers: {
      title: 'Drivers',
    },
    driverDetail: {
      title: 'Driver detail',
    },
    privacy: {
      title: 'Privacy policy',
    },
    termcondition: {
      title: 'Terms and conditions',
    },
    rateByCity: {
      title: 'Rate by city',
    },
    rateByCityAddNewCity: {
      title: 'Add a city',
    },
    escalations: {
      title: 'Escalations',
    },
    escalationsStore: {
      title: 'Store escalations',
    },
    escalationsIssueDetail: {
      title: 'Issue detail',
    },
    settingsOrder: {
      title: 'Order settings',
    },
    settingsPassword: { title: 'Change password' },
    settingsAddAccount: { title: 'Add account' },
    settingsInformation: {
      title: 'Information',
    },
    settingsNotification: {
      title: 'Notifications',
    },
  },
  store: {
    home: {
      title: 'Home',
    },
    staff: {
      title: 'Staff',
    },
    orders: {
      title: 'Orders',
    },
    createOrder: {
      title: 'Create order',
    },
    privacy: { title: 'Privacy policy' },
    termcondition: { title: 'Terms and conditions' },
    escalations: {
      title: 'Escalations',
    },
    escalationsStore: { title: 'Store escalations' },
    escalationsCreateIssue: {
      title: 'Raise an issue',
    },
    settingsInformation: {
      title: 'Information',
    },
    settingsNotification: {
      title: 'Notifications',
    },
  },
  vendor: {
    home: {
      title: 'Home',
    },
    homeStoreInfo: { title: 'Store information' },
    store: {
      title: 'Stores',
    },
    storeOrders: { title: 'Store orders' },
    storeStoreInfo: { title: 'Store information' },
    orders: {
      title: 'Orders',
    },
    orderImage: { title: 'Order photos' },
    orderDetail: {
      title: 'Order detail',
    },
    wallets: {
      title: 'Wallet',
    },
    privacy: { title: 'Privacy policy' },
    termcondition: { title: 'Terms and conditions' },
    escalations: { title: 'Escalations' },
    escalationsStore: { title: 'Store escalations' },
    escalationsCreateIssue: {
      title: 'Raise an issue',
    },
    settingsInformation: {
      title: 'Information',
    },
    settingsNotification: {
      title: 'Notifications',
    },
  },
  driver: {
    home: {
      title: 'Pickups',
    },
    orderDetail: {
      title: 'Pickup',
    },
    earnings: {
      title: 'Earnings',
    },
    settingsInformation: {
      title: 'Information',
    },
  },
} as const;
