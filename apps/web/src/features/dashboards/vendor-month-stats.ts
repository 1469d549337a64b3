import type { OrderStatsQuery } from '@/data/orders';
import { monthStart } from './utils/chart-range';

/** The vendor's figures of the month (components/vendor-kpis.tsx): orders and earnings since the month began. */
export const vendorMonthStats = (since: string = monthStart()): { orders: OrderStatsQuery; earnings: OrderStatsQuery } => ({
  orders: { group: 'month', metric: 'count', since },
  earnings: { group: 'month', metric: 'vendor_amount', since },
});
