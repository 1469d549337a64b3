import { eq, type SQL } from 'drizzle-orm';
import { formatOrderNumber } from '@app/shared/format';
import { gramsToKg, paiseToRupees } from '@app/shared/money';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@app/shared/order-status';
import { orderingOf, type Ordering } from '@app/shared/schemas/list';
import { ORDER_CSV_COLUMNS, ORDER_DEFAULT_ORDERING, type OrderOrdering } from '@app/shared/schemas/orders';
import type { AuthContext } from '../../auth/auth-context';
import { tenancyOf } from '../../auth/tenancy';
import type { Database } from '../../db/database';
import { cursorBatches } from '../../db/stream-rows';
import { cities } from '../../db/tables/geography.table';
import { orders } from '../../db/tables/orders.table';
import { stores } from '../../db/tables/partners.table';
import { csvStream, type CsvValue } from '../../http/csv-stream';
import { afterCursor, keysetOrderBy, sortKeyText, type SortKey } from '../../http/keyset';
import { istIsoTime } from './india-time';
import { countMatchingOrders, type OrderTotal } from './order-counts';
import { allOf, orderConditions, type OrderFilterValues } from './order-filters';
import { ORDER_SORT_KEYS } from './order-sort';

/** Rows per database round trip: big enough to be fast, small enough that memory stays flat. */
export const EXPORT_BATCH_ROWS = 2000;

export interface ExportOrdersQuery extends OrderFilterValues {
  ordering?: OrderOrdering | undefined;
}

const exportColumns = (key: SortKey) => ({
  id: orders.id,
  createdAt: orders.createdAt,
  storeName: stores.name,
  cityName: cities.name,
  status: orders.status,
  totalWeightGrams: orders.totalWeightGrams,
  vendorAmountPaise: orders.vendorAmountPaise,
  driverAmountPaise: orders.driverAmountPaise,
  sortKey: sortKeyText(key),
});
interface ExportRow {
  id: number;
  createdAt: Date;
  storeName: string;
  cityName: string;
  status: OrderStatus;
  totalWeightGrams: number;
  vendorAmountPaise: number;
  driverAmountPaise: number;
  sortKey: string;
}
const EXPORT_KEYS = ['id', 'createdAt', 'storeName', 'cityName', 'status', 'totalWeightGrams', 'vendorAmountPaise', 'driverAmountPaise', 'sortKey'] as const;

function exportQuery(db: Database, where: SQL | undefined, key: SortKey, ordering: Ordering, limit?: number) {
  const query = db
    .select(exportColumns(key))
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .innerJoin(cities, eq(cities.id, orders.cityId))
    .where(where)
    .orderBy(...keysetOrderBy(key, orders.id, ordering));
  return limit === undefined ? query : query.limit(limit);
}

/** PGlite: keyset batches, each an index range after the last row of the one before. */
async function* keysetBatches(db: Database, conditions: SQL[], key: SortKey, ordering: Ordering): AsyncGenerator<ExportRow[]> {
  let after: SQL | undefined;
  for (;;) {
    const rows = (await exportQuery(db, allOf(after ? [...conditions, after] : conditions), key, ordering, EXPORT_BATCH_ROWS)) as ExportRow[];
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH_ROWS) return;
    const last = rows[rows.length - 1]!;
    after = afterCursor(key, orders.id, ordering, { key: last.sortKey, id: last.id });
  }
}

async function* csvRows(batches: AsyncIterable<ExportRow[]>): AsyncGenerator<CsvValue[][]> {
  for await (const batch of batches) {
    yield batch.map((r) => [
      formatOrderNumber(r.id),
      istIsoTime(r.createdAt),
      r.storeName,
      r.cityName,
      ORDER_STATUS_LABELS[r.status],
      gramsToKg(r.totalWeightGrams),
      paiseToRupees(r.vendorAmountPaise),
      paiseToRupees(r.driverAmountPaise),
    ]);
  }
}

/**
 * GET /orders/export.csv: every order the list shows with the same filters and sort, no
 * cap, streamed; with the count for the browser's progress bar.
 */
export async function exportOrdersCsv(db: Database, auth: AuthContext, query: ExportOrdersQuery, statementTimeoutMs: number) {
  const tenancy = tenancyOf(auth);
  const ordering = orderingOf(query.ordering, ORDER_DEFAULT_ORDERING);
  const key = ORDER_SORT_KEYS[ordering.field];
  const conditions = orderConditions(tenancy, query);
  const total: OrderTotal = await countMatchingOrders(db, tenancy, query, allOf(conditions));
  const batches =
    cursorBatches<ExportRow>(db, exportQuery(db, allOf(conditions), key, ordering), EXPORT_KEYS, { batchSize: EXPORT_BATCH_ROWS, statementTimeoutMs }) ??
    keysetBatches(db, conditions, key, ordering);
  return { stream: csvStream(ORDER_CSV_COLUMNS, csvRows(batches), { byteOrderMark: true }), total };
}
