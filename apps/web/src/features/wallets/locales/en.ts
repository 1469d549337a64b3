// English texts of the wallets (namespace "wallets").
export const walletsEn = {
  balance: 'Wallet balance',
  balanceHint: 'What your completed orders earned.',
  transactions: 'Transactions',
  order: 'Order',
  amount: 'Amount',
  date: 'Date',
  count: '{{count}} transactions',
  empty: 'No transactions yet',
  emptyHint: 'Each completed order of your stores credits its vendor amount here. Follow your orders on the Orders page.',
  toOrders: 'See orders',
  noWallet: 'Your wallet opens with your first completed order.',
  sortNewest: 'Newest first',
  sortOldest: 'Oldest first',
  sortLabel: 'Sort',
  showing: 'The newest {{count}} transactions are shown.',
} as const;
