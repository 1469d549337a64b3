import { CHART_RANGE_OPTIONS } from '@app/shared/constants';

// English texts of the dashboards (namespace "dashboards").
export const dashboardsEn = {
  /** The spec's chart ranges, letter for letter. */
  range: Object.fromEntries(CHART_RANGE_OPTIONS.map((o) => [o.key, o.label])) as Record<(typeof CHART_RANGE_OPTIONS)[number]['key'], string>,
  chart: {
    title: 'Orders over time',
    titleAmount: 'Earnings over time',
    range: 'Period',
    metric: 'Show',
    metrics: { count: 'Orders', vendor_amount: 'Vendor amount' },
    seriesCount: 'Orders created',
    seriesAmount: 'Vendor amount of completed orders',
    empty: 'No orders in this period',
    emptyHint: 'Choose a longer period above, or come back when orders have been made.',
    total: 'Total: {{value}}',
    description: 'Bar chart of {{metric}} per {{group}}',
    group: { month: 'month', day: 'day' },
  },
  kpi: {
    ordersThisMonth: 'Orders this month',
    earningsThisMonth: 'Earnings this month',
    earningsHint: 'Vendor amount of completed orders',
    walletBalance: 'Wallet balance',
    ordersWaiting: 'Orders waiting',
    ordersWaitingHint: 'For a driver, a store or the admin',
    toWallet: 'Open the wallet',
    toOrders: 'See orders',
  },
  admin: {
    waitingAdmin: 'Waiting for you',
    waitingAdminHint: 'Orders whose store disputes the driver’s weights, and orders a driver reported an issue with. Correct them and send them back to the driver.',
    review: 'Review these orders',
    byStatus: 'Orders by status',
    waitingList: 'Orders waiting for the admin',
    waitingEmpty: 'Nothing waits for you',
    waitingEmptyHint: 'When a store calls the admin about an order, it appears here.',
    seeAll: 'See all {{count}}',
    order: 'Order',
    store: 'Store',
    created: 'Created',
    weight: 'Weight',
    amount: 'Vendor amount',
  },
} as const;
