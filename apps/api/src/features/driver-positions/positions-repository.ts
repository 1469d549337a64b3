import { sql } from 'drizzle-orm';
import type { OrderStatus } from '@app/shared/order-status';
import type { DbOrTx } from '../../db/database';
import { queryRow, queryRows } from '../../db/sql-rows';

// Queries only: the rules live in record-position.ts, dispatch.ts and prune-positions.ts.

/** A driver's posts are taken at most this often (design.md section 19), judged by the database's clock. */
export const POSITION_MIN_INTERVAL_S = 5;

/**
 * The statuses in which a driver holds an order: orders_driver_held_idx (migration 0019)
 * covers exactly these, so every query of what a driver holds names them (or a part).
 */
export const HELD_STATUSES = ['accepted', 'moving', 'arrived', 'waiting_store', 'waiting_admin', 'waiting_driver', 'issue'] as const satisfies readonly OrderStatus[];
/** While a driver holds an order in one of these, its position is kept and shown to admins. */
export const ON_THE_WAY_STATUSES = ['moving', 'arrived'] as const satisfies readonly OrderStatus[];

const statusList = (statuses: readonly string[]) => sql.join(statuses.map((s) => sql`${s}`), sql`, `);

/** A moving order of the driver, with its store's pin and the ETA shown now (if any). */
export interface MovingOrder {
  id: number;
  store_lat: number | null;
  store_lng: number | null;
  eta_distance_km: number | null;
  eta_minutes: number | null;
}

export interface PostingClock {
  /** `at` lies more than the grace after the database's clock. */
  future: boolean;
  orders: MovingOrder[];
}

/**
 * One round trip before a post is taken: whether its time lies in the future by the
 * database's clock (one clock for every API process), and the driver's moving orders.
 */
export async function readPostingClock(db: DbOrTx, driverId: number, at: string, graceMs: number): Promise<PostingClock> {
  const rows = await queryRows<{ future: boolean; id: number | string | null } & Omit<MovingOrder, 'id'>>(
    db,
    sql`
    select c.future, o.id::text as id, s.location_lat as store_lat, s.location_lng as store_lng,
      e.distance_km as eta_distance_km, e.minutes as eta_minutes
    from (select ${at}::timestamptz > now() + make_interval(secs => ${graceMs / 1000}) as future) c
    left join orders o on o.driver_id = ${driverId} and o.status = 'moving'
    left join stores s on s.id = o.store_id
    left join order_etas e on e.order_id = o.id and e.driver_id = o.driver_id
    order by o.id`,
  );
  return {
    future: rows[0]?.future === true,
    orders: rows.filter((r) => r.id !== null).map((r) => ({ ...r, id: Number(r.id) })),
  };
}

export interface SavedPosition {
  lat: number;
  lng: number;
  /** ms since the epoch. */
  atMs: number;
}

/**
 * Keeps the driver's position, unless its last accepted post is less than
 * POSITION_MIN_INTERVAL_S old: then nothing changes and the answer is null (429). The
 * condition is part of the upsert, so two API processes taking posts at once still take
 * one. A post measured before the kept one (a late retry) counts for the limit but keeps
 * the newer point. Answers the point kept.
 */
export async function savePosition(
  db: DbOrTx,
  driverId: number,
  position: { lat: number; lng: number; accuracyM: number | null; at: string },
): Promise<SavedPosition | null> {
  const row = await queryRow<{ lat: number; lng: number; at_ms: number | string }>(
    db,
    sql`
    insert into driver_positions as p (driver_id, lat, lng, accuracy_m, at, received_at, released_at)
    values (${driverId}, ${position.lat}, ${position.lng}, ${position.accuracyM}, ${position.at}::timestamptz, now(), null)
    on conflict (driver_id) do update set
      lat = case when excluded.at >= p.at then excluded.lat else p.lat end,
      lng = case when excluded.at >= p.at then excluded.lng else p.lng end,
      accuracy_m = case when excluded.at >= p.at then excluded.accuracy_m else p.accuracy_m end,
      at = greatest(p.at, excluded.at),
      received_at = excluded.received_at,
      released_at = null
    where p.received_at <= excluded.received_at - make_interval(secs => ${POSITION_MIN_INTERVAL_S})
    returning p.lat, p.lng, (extract(epoch from p.at) * 1000)::float8 as at_ms`,
  );
  return row ? { lat: row.lat, lng: row.lng, atMs: Number(row.at_ms) } : null;
}

/** Whole seconds until the driver's next post is taken (at least 1). */
export async function secondsUntilNextPost(db: DbOrTx, driverId: number): Promise<number> {
  const row = await queryRow<{ wait: number | string | null }>(
    db,
    sql`
    select ceil(extract(epoch from (received_at + make_interval(secs => ${POSITION_MIN_INTERVAL_S}) - now())))::int as wait
    from driver_positions where driver_id = ${driverId}`,
  );
  return Math.max(1, Number(row?.wait ?? 1));
}

export interface NewEta {
  orderId: number;
  driverId: number;
  distanceKm: number;
  minutes: number;
  atMs: number;
  source: 'formula' | 'routing';
}

/** Keeps the ETAs (a newer position's only: one computed from an older point never replaces it). */
export async function saveEtas(tx: DbOrTx, etas: readonly NewEta[]): Promise<void> {
  if (etas.length === 0) return;
  const values = sql.join(
    etas.map((e) => sql`(${e.orderId}::bigint, ${e.driverId}::int, ${e.distanceKm}::float8, ${e.minutes}::int, to_timestamp(${e.atMs / 1000}), ${e.source})`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into order_etas as e (order_id, driver_id, distance_km, minutes, at, source)
    values ${values}
    on conflict (order_id) do update set
      driver_id = excluded.driver_id, distance_km = excluded.distance_km, minutes = excluded.minutes,
      at = excluded.at, source = excluded.source, updated_at = now()
    where e.at <= excluded.at or e.driver_id <> excluded.driver_id`);
}

/** The audience columns of an order whose ETA changed. */
export interface EtaAudience {
  id: number;
  store_id: number;
  vendor_id: number;
}

/**
 * An `order` event for each order whose ETA changed (design.md section 12: to whoever may
 * see the order's ETA, its store, its vendor and admins; the driver's answers carry none).
 * Written in the ETA's transaction, like the triggers write the other order events, so it
 * reaches every API process's streams through the same NOTIFY. Only orders still moving.
 */
export async function insertEtaEvents(tx: DbOrTx, orderIds: readonly number[]): Promise<EtaAudience[]> {
  if (orderIds.length === 0) return [];
  const ids = sql.join(orderIds.map((id) => sql`${id}::bigint`), sql`, `);
  const rows = await queryRows<{ id: number | string; store_id: number; vendor_id: number }>(
    tx,
    sql`
    insert into live_events (kind, data, store_id, vendor_id, city_id, driver_ids)
    select 'order',
      jsonb_build_object('id', o.id, 'status', o.status,
        'updated_at', to_char(o.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'eta', jsonb_build_object('distance_km', e.distance_km, 'minutes', e.minutes,
          'at', to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
      o.store_id, o.vendor_id, null, null
    from orders o join order_etas e on e.order_id = o.id
    where o.id in (${ids}) and o.status = 'moving'
    order by o.id
    returning (data ->> 'id') as id, store_id, vendor_id`,
  );
  return rows.map((r) => ({ id: Number(r.id), store_id: r.store_id, vendor_id: r.vendor_id }));
}

/** A driver of a city, with its last position (only while it holds an order on the way). */
export interface DispatchRow {
  driver_id: number;
  name: string | null;
  lat: number | null;
  lng: number | null;
  accuracy_m: number | null;
  at_ms: number | string | null;
}

export async function cityExists(db: DbOrTx, cityId: number): Promise<boolean> {
  return (await queryRow<{ one: number }>(db, sql`select 1 as one from cities where id = ${cityId}`)) !== undefined;
}

/** The drivers of a city, by id; the name is their member's (the first, as order answers take it). */
export async function selectCityDrivers(db: DbOrTx, cityId: number): Promise<DispatchRow[]> {
  return queryRows<DispatchRow>(
    db,
    sql`
    select d.id as driver_id, m.name, p.lat, p.lng, p.accuracy_m, (extract(epoch from p.at) * 1000)::float8 as at_ms
    from drivers d
    left join lateral (select name from members where driver_id = d.id order by id limit 1) m on true
    left join driver_positions p on p.driver_id = d.id
      and exists (select 1 from orders o where o.driver_id = d.id and o.status in (${statusList(ON_THE_WAY_STATUSES)}))
    where d.city_id = ${cityId}
    order by d.id`,
  );
}

/** The orders these drivers hold, oldest first. */
export async function selectHeldOrders(db: DbOrTx, driverIds: readonly number[]): Promise<Array<{ id: number; driver_id: number; status: OrderStatus }>> {
  if (driverIds.length === 0) return [];
  const ids = sql.join(driverIds.map((id) => sql`${id}::int`), sql`, `);
  const rows = await queryRows<{ id: number | string; driver_id: number; status: OrderStatus }>(
    db,
    sql`
    select o.id::text as id, o.driver_id, o.status from orders o
    where o.driver_id in (${ids}) and o.status in (${statusList(HELD_STATUSES)})
    order by o.driver_id, o.id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export interface PruneResult {
  /** Positions whose driver no longer holds an order on the way: the 24 hours start. */
  released: number;
  /** Positions deleted, 24 hours after their release. */
  deleted: number;
  /** ETAs of orders no longer moving (or moving with another driver): never shown, so gone at once. */
  etasDeleted: number;
}

/**
 * The retention of design.md section 19, by `now` (the scheduler's clock). Each statement
 * is idempotent on its own: run twice, or by two processes, it changes nothing more.
 */
export async function prunePositionRows(tx: DbOrTx, now: Date, keepHours: number): Promise<PruneResult> {
  const onTheWay = statusList(ON_THE_WAY_STATUSES);
  const holds = sql`exists (select 1 from orders o where o.driver_id = p.driver_id and o.status in (${onTheWay}))`;
  const etas = await queryRows<{ order_id: string }>(
    tx,
    sql`
    delete from order_etas e using orders o
    where o.id = e.order_id and (o.status <> 'moving' or o.driver_id is distinct from e.driver_id)
    returning e.order_id::text`,
  );
  // Held again (an order sent back to it): the clock stops until it is released again.
  await tx.execute(sql`update driver_positions p set released_at = null where p.released_at is not null and ${holds}`);
  const released = await queryRows<{ driver_id: number }>(
    tx,
    sql`update driver_positions p set released_at = ${now.toISOString()}::timestamptz where p.released_at is null and not ${holds} returning p.driver_id`,
  );
  const cutoff = new Date(now.getTime() - keepHours * 3_600_000);
  const deleted = await queryRows<{ driver_id: number }>(
    tx,
    sql`delete from driver_positions p where p.released_at <= ${cutoff.toISOString()}::timestamptz and not ${holds} returning p.driver_id`,
  );
  return { released: released.length, deleted: deleted.length, etasDeleted: etas.length };
}
