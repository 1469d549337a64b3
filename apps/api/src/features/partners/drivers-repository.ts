import { eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { paiseToRupees } from '@app/shared/money';
import type { Driver, driverListQuerySchema } from '@app/shared/schemas/partners';
import type { DbOrTx } from '../../db/database';
import { orders } from '../../db/tables/orders.table';
import { drivers } from '../../db/tables/partners.table';
import { wallets } from '../../db/tables/wallets.table';
import { filterBy } from '../../http/resource-kit/list-filters';
import { recordQueries } from '../../http/resource-kit/record-queries';
import { newestFirst } from '../../http/resource-kit/sorting';
import { tenancyScope } from '../../http/resource-kit/tenancy-scope';
import { citySummary } from './city-summary';
import { memberMatches, partnerFilters } from './member-filters';
import { withAccounts } from './partner-members';
import { selectWithCity } from './select-with-city';

export type DriverFilters = z.output<typeof driverListQuerySchema>;

/** Drivers with their city, counts of their orders and their earnings. */
const selectDrivers = (db: DbOrTx) =>
  selectWithCity(db, drivers, {
    activeOrderCount: sql<number>`(select count(*)::int from ${orders} where ${orders.driverId} = ${drivers.id} and ${orders.status} not in ('completed', 'cancelled'))`,
    completedOrderCount: sql<number>`(select count(*)::int from ${orders} where ${orders.driverId} = ${drivers.id} and ${orders.status} = 'completed')`,
    // Text: bigint paise must not pass through a driver's float parsing.
    earningsPaise: sql<string>`coalesce((select ${wallets.balancePaise} from ${wallets} where ${wallets.ownerType} = 'driver' and ${wallets.ownerId} = ${drivers.id}), 0)::text`,
  });

/** Drivers: an admin sees all, a driver itself. */
export const driverRecords = recordQueries({
  table: drivers,
  id: drivers.id,
  select: selectDrivers,
  visible: (tenancy) => tenancyScope(tenancy, { driver: ({ driverId }) => eq(drivers.id, driverId) }),
  filter: (query: DriverFilters) =>
    filterBy(
      {
        ...partnerFilters('driver', drivers),
        search: (pattern) => or(ilike(drivers.vehicleNumber, pattern), ilike(drivers.phone, pattern), memberMatches('driver', drivers.id, pattern)),
      },
      query,
    ),
  sorting: newestFirst(drivers.createdAt, { vehicle_number: drivers.vehicleNumber }),
  present: (db, rows) =>
    withAccounts(db, 'driver', rows, (row, member): Driver => ({
      id: row.id,
      city: citySummary(row),
      vehicle_number: row.vehicleNumber,
      phone: row.phone,
      member,
      active_order_count: Number(row.activeOrderCount),
      completed_order_count: Number(row.completedOrderCount),
      earnings_balance: paiseToRupees(Number(row.earningsPaise)),
      created_at: row.createdAt.toISOString(),
    })),
});
