import { inArray } from 'drizzle-orm';
import { formatOrderNumber } from '@app/shared/format';
import { gramsToKg, paiseToRupees } from '@app/shared/money';
import { ORDER_STATUS_LABELS } from '@app/shared/order-status';
import { ORDER_EXPORT_MAX_ROWS } from '@app/shared/schemas/orders';
import type { AuthContext } from '../../auth/auth-context';
import { tenancyOf } from '../../auth/tenancy';
import type { DbOrTx } from '../../db/database';
import { cities } from '../../db/tables/geography.table';
import { istIsoTime } from './india-time';
import { allOf, orderConditions, type OrderFilterValues } from './order-filters';
import { ordersCsv, type OrderCsvRow } from './orders-csv';
import { selectOrderHeaders } from './orders-repository';

/** GET /orders/export.csv: what the list shows with the same filters, every page of it up to the cap. */
export async function exportOrdersCsv(db: DbOrTx, auth: AuthContext, filters: OrderFilterValues): Promise<{ csv: string; rows: number; truncated: boolean }> {
  const headers = await selectOrderHeaders(db, allOf(orderConditions(tenancyOf(auth), filters)), ORDER_EXPORT_MAX_ROWS + 1);
  const truncated = headers.length > ORDER_EXPORT_MAX_ROWS;
  const page = headers.slice(0, ORDER_EXPORT_MAX_ROWS);
  const cityIds = [...new Set(page.map((h) => h.cityId))];
  const cityRows = cityIds.length > 0 ? await db.select({ id: cities.id, name: cities.name }).from(cities).where(inArray(cities.id, cityIds)) : [];
  const cityName = new Map(cityRows.map((c) => [c.id, c.name]));
  const rows = page.map(
    (h): OrderCsvRow => [
      formatOrderNumber(h.id),
      istIsoTime(h.createdAt),
      h.storeName,
      cityName.get(h.cityId) ?? '',
      ORDER_STATUS_LABELS[h.status],
      gramsToKg(h.totalWeightGrams),
      paiseToRupees(h.vendorAmountPaise),
      paiseToRupees(h.driverAmountPaise),
    ],
  );
  return { csv: ordersCsv(rows), rows: rows.length, truncated };
}
