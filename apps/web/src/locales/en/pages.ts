// The sections' page titles, and for pages still being built, what they will hold
// (namespace "pages", added by the section layout: the public pages' titles are in "common").
// Keys match src/config/paths.ts: `<section>.<page>.title`, `.summary`, `.items`.
// When a page is built, keep its title here and move its own texts to its feature.

export const pages = {
  admin: {
    dashboard: {
      title: 'Dashboard',
      summary: 'The whole business at a glance.',
      items: [
        'How many orders are pending, on the way, waiting for a store or waiting for the admin',
        'Charts of orders and vendor amounts over 12, 6 or 3 months, or the last 30 days',
        'Sign-ups of stores and vendors waiting for approval',
        'Escalations that are still open',
      ],
    },
    orders: {
      title: 'Orders',
      summary: 'Every order of every store, to follow and to correct.',
      items: [
        'A list with search by order number or store name, filters by status and date (1 Month, 3 Months, 6 Months, All), sorting and paging',
        'Each order with its store, driver, status, total weight and vendor amount',
        'Export of what the list shows as CSV',
        'A link to each order’s detail and photos',
      ],
    },
    orderImage: {
      title: 'Order photos',
      summary: 'The photos the driver took of a load.',
      items: ['Every photo of the chosen order, full size', 'The order number, the store and when the load was weighed'],
    },
    orderDetail: {
      title: 'Order detail',
      summary: 'One order, its lines and its history.',
      items: [
        'The lines: material, rate per kg, weight and cost, with the total weight and amounts',
        'Correcting materials and weights and sending the order back to the driver',
        'Cancelling the order with a reason, after a confirmation',
        'The history of every change: who, when, and the lines before and after',
      ],
    },
    stores: {
      title: 'Stores',
      summary: 'Every store, and the store sign-ups waiting for approval.',
      items: [
        'A list with search, city filter, sorting and paging',
        'Each store’s vendor, city and approval status (pending, approved, cancelled)',
        'Approving a sign-up and assigning the store to a vendor, or rejecting it with a reason',
      ],
    },
    storesAddNew: {
      title: 'Add a store',
      summary: 'Create a store on behalf of its owner.',
      items: ['Store name, city, address and phone', 'The vendor the store belongs to', 'The sign-in account of the store'],
    },
    storesRejectRequest: {
      title: 'Reject a store request',
      summary: 'Turn down a store’s sign-up.',
      items: ['The details the store signed up with', 'The reason, which the applicant is told', 'A confirmation before anything changes'],
    },
    vendors: {
      title: 'Vendors',
      summary: 'Every vendor, and the vendor sign-ups waiting for approval.',
      items: [
        'A list with search, city filter, sorting and paging',
        'Each vendor’s stores and wallet balance',
        'Approving or rejecting vendor sign-ups',
        'Adding a vendor',
      ],
    },
    vendorsStore: {
      title: 'Vendor’s store',
      summary: 'One store of a vendor.',
      items: ['The store’s name, city, address and phone', 'Its latest orders', 'Moving it to another vendor'],
    },
    vendorsAddNew: {
      title: 'Add a vendor',
      summary: 'Create a vendor business.',
      items: ['Company name, city, address and phone', 'The sign-in account of the vendor'],
    },
    vendorsOrders: {
      title: 'Vendor’s orders',
      summary: 'The orders of one vendor’s stores.',
      items: ['Filters by status, store and date, and CSV export', 'The total vendor amount of the chosen period'],
    },
    vendorsStores: {
      title: 'Vendor’s stores',
      summary: 'The stores that belong to one vendor.',
      items: ['Each store with its city and approval status', 'Assigning a store without a vendor to this vendor'],
    },
    vendorsRejectStore: {
      title: 'Reject a vendor’s store',
      summary: 'Turn down a store a vendor asked to add.',
      items: ['The store’s details', 'The reason, which the vendor is told', 'A confirmation before anything changes'],
    },
    drivers: {
      title: 'Drivers',
      summary: 'Every driver of the platform.',
      items: ['A list with search and city filter', 'Each driver’s phone, vehicle number and current pickup', 'Adding a driver (Settings, Add account)'],
    },
    driverDetail: {
      title: 'Driver detail',
      summary: 'One driver.',
      items: ['Name, phone, city and vehicle number', 'The orders the driver took, and the earnings', 'The driver’s history'],
    },
    privacy: {
      title: 'Privacy policy',
      summary: 'The privacy policy that stores, vendors and drivers read.',
      items: ['The current text', 'Editing and publishing a new version'],
    },
    termcondition: {
      title: 'Terms and conditions',
      summary: 'The terms that stores, vendors and drivers accept.',
      items: ['The current text', 'Editing and publishing a new version'],
    },
    rateByCity: {
      title: 'Rate by city',
      summary: 'The per-kg rates of every material in every city.',
      items: [
        'A table with one row per city and one column per material',
        'The three rate types: vendor, driver and b2c',
        'Editing a rate, and adding a city',
      ],
    },
    rateByCityAddNewCity: {
      title: 'Add a city',
      summary: 'Start buying in a new city.',
      items: ['The state and the city', 'The vendor, driver and b2c rate of each material'],
    },
    escalations: {
      title: 'Escalations',
      summary: 'Issues raised by stores, vendors and drivers.',
      items: ['A list with status and date filters', 'The order each issue is about', 'Opening an issue to answer and close it'],
    },
    escalationsStore: {
      title: 'Store escalations',
      summary: 'The issues of one store.',
      items: ['Each issue with its order, date and status'],
    },
    escalationsIssueDetail: {
      title: 'Issue detail',
      summary: 'One issue.',
      items: ['What was raised, by whom and about which order', 'The replies', 'Closing the issue with a resolution'],
    },
    settingsOrder: {
      title: 'Order settings',
      summary: 'Rules that apply to every order.',
      items: ['Settings for all orders of the business', 'Who is told when an order changes status'],
    },
    settingsPassword: { title: 'Change password' },
    settingsAddAccount: { title: 'Add account' },
    settingsInformation: {
      title: 'Information',
      summary: 'Your account.',
      items: ['Your name and phone', 'Your sign-in id and role'],
    },
    settingsNotification: {
      title: 'Notifications',
      summary: 'What you are told about, and how.',
      items: ['The order events that notify you', 'Your recent notifications'],
    },
  },
  store: {
    home: {
      title: 'Home',
      summary: 'Your store’s day at a glance.',
      items: [
        'Orders waiting for you: when a driver has weighed a load, the order opens by itself to confirm or to call the admin',
        'The active pickup and its driver',
        'Today’s rates for your city',
        'Creating a pickup order',
      ],
    },
    staff: {
      title: 'Staff',
      summary: 'The people who work for your store.',
      items: ['Each staff member and how to reach them', 'Adding or removing a staff member'],
    },
    orders: {
      title: 'Orders',
      summary: 'Your store’s orders.',
      items: [
        'Filters by status and date (1 Month, 3 Months, 6 Months, All)',
        'Confirming a driver’s weights, or calling the admin when they are wrong',
        'Cancelling an order that no driver has picked up yet',
      ],
    },
    createOrder: {
      title: 'Create order',
      summary: 'Ask for a pickup.',
      items: ['The materials to be picked up', 'The expected weight of each (optional)', 'A note for the driver'],
    },
    privacy: { title: 'Privacy policy', summary: 'How your data is used.', items: ['The privacy policy of the platform'] },
    termcondition: { title: 'Terms and conditions', summary: 'The terms of the platform.', items: ['The terms you accepted'] },
    escalations: {
      title: 'Escalations',
      summary: 'Your issues with orders.',
      items: ['Each issue with its order and status', 'Raising a new issue'],
    },
    escalationsStore: { title: 'Store escalations', summary: 'The issues of your store.', items: ['Each issue with its replies'] },
    escalationsCreateIssue: {
      title: 'Raise an issue',
      summary: 'Tell the admin what went wrong.',
      items: ['The order concerned', 'What went wrong', 'Sending it to the admin'],
    },
    settingsInformation: {
      title: 'Information',
      summary: 'Your store and your account.',
      items: ['The store’s name, city, address and phone', 'Your name and sign-in id'],
    },
    settingsNotification: {
      title: 'Notifications',
      summary: 'What you are told about, and how.',
      items: ['The order events that notify you', 'Your recent notifications'],
    },
  },
  vendor: {
    home: {
      title: 'Home',
      summary: 'Your business at a glance.',
      items: [
        'Charts of your orders or vendor amounts over 12, 6 or 3 months, or the last 30 days',
        'Your stores and their latest orders',
        'Your wallet balance',
      ],
    },
    homeStoreInfo: { title: 'Store information', summary: 'One of your stores.', items: ['Name, city, address and phone', 'Its latest orders'] },
    store: {
      title: 'Stores',
      summary: 'The stores of your business.',
      items: ['Each store with its city and status', 'Adding a store to your business'],
    },
    storeOrders: { title: 'Store orders', summary: 'The orders of one of your stores.', items: ['Filters by status and date', 'Vendor amount per order'] },
    storeStoreInfo: { title: 'Store information', summary: 'One of your stores.', items: ['Name, city, address and phone'] },
    orders: {
      title: 'Orders',
      summary: 'The orders of all your stores.',
      items: ['Filters by status, store and date, and CSV export', 'The vendor amount of each order and of the period'],
    },
    orderImage: { title: 'Order photos', summary: 'The photos the driver took of a load.', items: ['Every photo of the chosen order'] },
    orderDetail: {
      title: 'Order detail',
      summary: 'One order.',
      items: ['The lines: material, rate per kg, weight and cost', 'The vendor amount', 'The history of the order'],
    },
    wallets: {
      title: 'Wallet',
      summary: 'What your completed orders earned.',
      items: ['Your balance', 'One entry per completed order: order, amount and date'],
    },
    privacy: { title: 'Privacy policy', summary: 'How your data is used.', items: ['The privacy policy of the platform'] },
    termcondition: { title: 'Terms and conditions', summary: 'The terms of the platform.', items: ['The terms you accepted'] },
    escalations: { title: 'Escalations', summary: 'Your issues with orders.', items: ['Each issue with its order and status', 'Raising a new issue'] },
    escalationsStore: { title: 'Store escalations', summary: 'The issues of one of your stores.', items: ['Each issue with its replies'] },
    escalationsCreateIssue: {
      title: 'Raise an issue',
      summary: 'Tell the admin what went wrong.',
      items: ['The order concerned', 'What went wrong', 'Sending it to the admin'],
    },
    settingsInformation: {
      title: 'Information',
      summary: 'Your business and your account.',
      items: ['Company name, city, address and phone', 'Your name and sign-in id'],
    },
    settingsNotification: {
      title: 'Notifications',
      summary: 'What you are told about, and how.',
      items: ['The order events that notify you', 'Your recent notifications'],
    },
  },
  driver: {
    home: {
      title: 'Pickups',
      summary: 'Your work for today.',
      items: ['Pickups waiting in your city, to accept', 'Your active pickup and its next step'],
    },
    orderDetail: {
      title: 'Pickup',
      summary: 'One pickup, step by step.',
      items: [
        'One button per step: accept, on the way, arrived',
        'The weighing form: the weight of each material and photos of the load',
        'Reporting an issue with the pickup',
      ],
    },
    earnings: {
      title: 'Earnings',
      summary: 'What your completed pickups earned.',
      items: ['The driver amount of each completed order', 'Totals per day and per month'],
    },
    settingsInformation: {
      title: 'Information',
      summary: 'Your account.',
      items: ['Your name, phone, city and vehicle number', 'Your sign-in id'],
    },
  },
} as const;
