import { sql, type SQL } from 'drizzle-orm';
import type { RateType } from '@app/shared/constants';
import { materials } from '../../db/tables/materials.table';

/** The material's default column of a rate type, for where a city has no rate of its own. */
export function defaultRateColumn(type: RateType) {
  switch (type) {
    case 'vendor':
      return materials.vendorRatePaise;
    case 'driver':
      return materials.driverRatePaise;
    case 'b2c':
      return materials.b2cRatePaise;
  }
}

/** The same choice inside raw SQL, where the rate type is a column (`m` aliases materials). */
export function defaultRateSql(rateType: SQL): SQL {
  return sql`case ${rateType} when 'vendor' then m.vendor_rate_paise when 'driver' then m.driver_rate_paise else m.b2c_rate_paise end`;
}

/** The three rate types as a relation `t(rate_type)`, to cross a city and a material with. */
export const RATE_TYPES_RELATION = sql`(values ('vendor'), ('driver'), ('b2c')) as t(rate_type)`;
