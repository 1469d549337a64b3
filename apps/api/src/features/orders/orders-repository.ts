import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database';
import { cityRates, materials } from '../../db/tables/materials.table';
import { members } from '../../db/tables/members.table';
import { orderEvents, orderImages, orderLines, orders } from '../../db/tables/orders.table';
import { drivers, stores } from '../../db/tables/partners.table';
import { orderEtas } from '../../db/tables/driver-positions.table';
import { receipts } from '../../db/tables/receipts.table';
import { keysetOrderBy, sortKeyText, type SortKey } from '../../http/keyset';
import type { Ordering } from '@app/shared/schemas/list';
import { queryRow } from '../../db/sql-rows';

// Queries only: the rules live in the use cases (create-order.ts, transition-order.ts, ...).

export type OrderRow = typeof orders.$inferSelect;

/** The row lock every transition starts with: racing transitions queue here, then see the winner's status. */
export async function lockOrder(tx: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export async function findOrder(db: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export const headerColumns = {
  id: orders.id,
  status: orders.status,
  storeId: orders.storeId,
  vendorId: orders.vendorId,
  customerKind: orders.customerKind,
  cityId: orders.cityId,
  driverId: orders.driverId,
  note: orders.note,
  totalWeightGrams: orders.totalWeightGrams,
  vendorAmountPaise: orders.vendorAmountPaise,
  driverAmountPaise: orders.driverAmountPaise,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  pickupSlotStart: orders.pickupSlotStart,
  pickupSlotEnd: orders.pickupSlotEnd,
  paymentMethod: orders.paymentMethod,
  paymentReference: orders.paymentReference,
  storeName: stores.name,
  storeAddress: stores.address,
  storePhone: stores.phone,
  storeLat: stores.locationLat,
  storeLng: stores.locationLng,
  storeCityId: stores.cityId,
  storeVendorId: stores.vendorId,
  // Per page row, through order_images_order_idx; part of the list's ETag, so a new photo shows.
  imageCount: sql<number>`(select count(*) from ${orderImages} where ${orderImages.orderId} = ${orders.id})`.mapWith(Number),
  // The ETA kept when the driver last posted its position (design.md section 19), by key; shown
  // only while the order is moving with that driver and its store has a pin. Part of the ETag.
  eta: sql<OrderEtaRow | null>`(select json_build_object('distance_km', ${orderEtas.distanceKm}, 'minutes', ${orderEtas.minutes}, 'at', to_char(${orderEtas.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) from ${orderEtas} where ${orderEtas.orderId} = ${orders.id} and ${orderEtas.driverId} = ${orders.driverId} and ${orders.status} = 'moving' and ${stores.locationLat} is not null)`.mapWith(
    etaOf,
  ),
  // A household's receipt (design.md section 21), by its key: its number and when it was issued.
  receipt: sql<OrderReceiptRow | null>`(select json_build_object('number', ${receipts.number}, 'issued_at', to_char(${receipts.issuedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) from ${receipts} where ${receipts.orderId} = ${orders.id})`.mapWith(
    jsonOf<OrderReceiptRow>,
  ),
};

/** An order's receipt as the header query reads it. */
export interface OrderReceiptRow {
  number: string;
  issued_at: string;
}
function jsonOf<T>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** An order's ETA as the header query reads it (JSON; drivers parse it, or hand over its text). */
export interface OrderEtaRow {
  distance_km: number;
  minutes: number;
  at: string;
}
function etaOf(value: unknown): OrderEtaRow | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as OrderEtaRow;
}
/** Newest first; `where` carries the caller's scope, the filters and the cursor. */
export async function selectOrderHeaders(db: DbOrTx, where: SQL | undefined, limit: number) {
  return db
    .select(headerColumns)
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(where)
    .orderBy(desc(orders.id))
    .limit(limit);
}

/** An order with its store: everything of the order JSON but lines, driver and photo count. */
export type OrderHeaderRow = Awaited<ReturnType<typeof selectOrderHeaders>>[number];

/** A sorted keyset page (or export batch): `where` carries scope, filters and the cursor; each row brings its sort key as text. */
export async function selectSortedOrderHeaders(db: DbOrTx, where: SQL | undefined, limit: number, key: SortKey, ordering: Ordering) {
  return db
    .select({ ...headerColumns, sortKey: sortKeyText(key) })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(where)
    .orderBy(...keysetOrderBy(key, orders.id, ordering))
    .limit(limit);
}
export type SortedOrderHeaderRow = Awaited<ReturnType<typeof selectSortedOrderHeaders>>[number];

/** How many orders match, counting no further than `upTo` (so a huge match costs no more than `upTo` index entries). */
export async function countOrdersUpTo(db: DbOrTx, where: SQL | undefined, upTo: number): Promise<number> {
  const matches = db.select({ one: sql`1` }).from(orders).where(where).limit(upTo).as('matches');
  const [row] = await db.select({ n: count() }).from(matches);
  return row?.n ?? 0;
}

/** The planner's guess of how many orders match: costs a plan, not a scan. */
export async function estimateOrders(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const query = db.select({ one: sql`1` }).from(orders).where(where);
  const first = await queryRow<Record<string, unknown>>(db, sql`explain (format json) ${query}`);
  const plan = first ? Object.values(first)[0] : undefined;
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan?: { 'Plan Rows'?: number } }] | undefined;
  return Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

export interface LineRow {
  id: number;
  orderId: number;
  materialId: number;
  weightGrams: number | null;
  vendorRatePaise: number;
  driverRatePaise: number;
  /** The b2c rate when the line was priced (kept for the reconciliation's margins). */
  b2cRatePaise: number;
  amountPaise: number;
  driverAmountPaise: number;
  position: number;
  materialName: string;
  materialVendorRatePaise: number;
  materialDriverRatePaise: number;
  materialB2cRatePaise: number;
}

/** The lines of these orders with their materials, in each order's line order. */
export async function loadLines(db: DbOrTx, orderIds: readonly number[]): Promise<LineRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      materialId: orderLines.materialId,
      weightGrams: orderLines.weightGrams,
      vendorRatePaise: orderLines.vendorRatePaise,
      driverRatePaise: orderLines.driverRatePaise,
      b2cRatePaise: orderLines.b2cRatePaise,
      amountPaise: orderLines.amountPaise,
      driverAmountPaise: orderLines.driverAmountPaise,
      position: orderLines.position,
      materialName: materials.name,
      materialVendorRatePaise: materials.vendorRatePaise,
      materialDriverRatePaise: materials.driverRatePaise,
      materialB2cRatePaise: materials.b2cRatePaise,
    })
    .from(orderLines)
    .innerJoin(materials, eq(materials.id, orderLines.materialId))
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position), asc(orderLines.id));
}

export interface DriverRow {
  id: number;
  name: string;
  phone: string | null;
  vehicleNumber: string;
}

/** Drivers by id; the name (and the phone, when the driver record has none) come from the driver's member. */
export async function loadDrivers(db: DbOrTx, driverIds: readonly number[]): Promise<Map<number, DriverRow>> {
  if (driverIds.length === 0) return new Map();
  const rows = await db
    .select({ id: drivers.id, vehicleNumber: drivers.vehicleNumber, phone: drivers.phone, memberName: members.name, memberPhone: members.phone })
    .from(drivers)
    .leftJoin(members, eq(members.driverId, drivers.id))
    .where(inArray(drivers.id, [...new Set(driverIds)]))
    .orderBy(asc(drivers.id), asc(members.id));
  const byId = new Map<number, DriverRow>();
  for (const r of rows) {
    if (byId.has(r.id)) continue;
    byId.set(r.id, { id: r.id, name: r.memberName ?? `Driver ${r.id}`, phone: r.phone ?? r.memberPhone, vehicleNumber: r.vehicleNumber });
  }
  return byId;
}

export async function loadEvents(db: DbOrTx, orderId: number) {
  return db
    .select({
      id: orderEvents.id,
      action: orderEvents.action,
      fromStatus: orderEvents.fromStatus,
      toStatus: orderEvents.toStatus,
      reason: orderEvents.reason,
      linesBefore: orderEvents.linesBefore,
      linesAfter: orderEvents.linesAfter,
      occurredAt: orderEvents.occurredAt,
      arrivedDistanceM: orderEvents.arrivedDistanceM,
      createdAt: orderEvents.createdAt,
      actorId: members.id,
      actorName: members.name,
      actorRole: members.role,
    })
    .from(orderEvents)
    .leftJoin(members, eq(members.id, orderEvents.actorId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
}
export type EventRow = Awaited<ReturnType<typeof loadEvents>>[number];

export async function loadImages(db: DbOrTx, orderId: number) {
  return db
    .select({ id: orderImages.id, orderId: orderImages.orderId, createdAt: orderImages.createdAt })
    .from(orderImages)
    .where(eq(orderImages.orderId, orderId))
    .orderBy(asc(orderImages.id));
}
export type ImageRow = Awaited<ReturnType<typeof loadImages>>[number];

export async function findImage(db: DbOrTx, orderId: number, imageId: number) {
  const [row] = await db
    .select()
    .from(orderImages)
    .where(and(eq(orderImages.id, imageId), eq(orderImages.orderId, orderId)));
  return row;
}

export async function loadMaterials(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db.select().from(materials).where(inArray(materials.id, [...new Set(ids)]));
}
export type MaterialRow = Awaited<ReturnType<typeof loadMaterials>>[number];

/** The city's own vendor, driver and b2c rates for these materials (absent ones fall back to the defaults). */
export async function loadCityRates(db: DbOrTx, cityId: number, materialIds: readonly number[]) {
  if (materialIds.length === 0) return [];
  return db
    .select({ materialId: cityRates.materialId, rateType: cityRates.rateType, ratePaise: cityRates.ratePaise })
    .from(cityRates)
    .where(and(eq(cityRates.cityId, cityId), inArray(cityRates.materialId, [...new Set(materialIds)]), inArray(cityRates.rateType, ['vendor', 'driver', 'b2c'])));
}

export async function findStore(db: DbOrTx, storeId: number) {
  const [row] = await db.select().from(stores).where(eq(stores.id, storeId));
  return row;
}

/** The database's clock (its transaction's start): one clock for every API process, whatever their machines say. */
export async function databaseNow(db: DbOrTx): Promise<Date> {
  const row = await queryRow<{ ms: number | string }>(db, sql`select (extract(epoch from now()) * 1000)::float8 as ms`);
  return new Date(Number(row!.ms));
}

// ---- Writes (always inside a transition's transaction) ------------------------------------

export type NewLine = Omit<typeof orderLines.$inferInsert, 'id'>;

export async function insertLines(tx: DbOrTx, lines: readonly NewLine[]): Promise<void> {
  if (lines.length > 0) await tx.insert(orderLines).values([...lines]);
}

export async function updateLine(tx: DbOrTx, orderId: number, lineId: number, line: Omit<NewLine, 'orderId'>): Promise<void> {
  await tx.update(orderLines).set(line).where(and(eq(orderLines.id, lineId), eq(orderLines.orderId, orderId)));
}

export async function deleteLines(tx: DbOrTx, orderId: number, lineIds: readonly number[]): Promise<void> {
  if (lineIds.length > 0) await tx.delete(orderLines).where(and(eq(orderLines.orderId, orderId), inArray(orderLines.id, [...lineIds])));
}

export async function insertOrder(tx: DbOrTx, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning();
  return row!;
}

export async function updateOrder(tx: DbOrTx, orderId: number, values: PgUpdateSetSource<typeof orders>): Promise<void> {
  await tx.update(orders).set(values).where(eq(orders.id, orderId));
}

/**
 * How a step's time stands against the database's clock and the order's previous step (its
 * newest event): read under the order's lock, so no other step comes between. The previous
 * time is compared to the millisecond, the precision answers show it in.
 */
export async function readStepClock(tx: DbOrTx, orderId: number, at: Date, graceMs: number) {
  const previous = tx.select({ at: orderEvents.occurredAt }).from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(desc(orderEvents.id)).limit(1);
  const [row] = await tx
    .select({
      future: sql<boolean>`${at.toISOString()}::timestamptz > now() + make_interval(secs => ${graceMs / 1000})`,
      early: sql<boolean | null>`${at.toISOString()}::timestamptz < date_trunc('milliseconds', (${previous}))`,
      previousAt: sql<Date | null>`(${previous})`.mapWith(orderEvents.occurredAt),
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return { future: row?.future === true, early: row?.early === true, previousAt: row?.previousAt ?? null };
}

/** Answers the event's id (an escalation remembers the event that began an order's stay). */
export async function insertEvent(tx: DbOrTx, values: typeof orderEvents.$inferInsert): Promise<number> {
  const [row] = await tx.insert(orderEvents).values(values).returning({ id: orderEvents.id });
  return row!.id;
}

export async function insertImage(tx: DbOrTx, values: typeof orderImages.$inferInsert): Promise<number> {
  const [row] = await tx.insert(orderImages).values(values).returning({ id: orderImages.id });
  return row!.id;
}

export async function deleteImage(tx: DbOrTx, orderId: number, imageId: number): Promise<void> {
  await tx.delete(orderImages).where(and(eq(orderImages.id, imageId), eq(orderImages.orderId, orderId)));
}

export async function countImages(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orderImages).where(eq(orderImages.orderId, orderId));
  return row?.n ?? 0;
}
