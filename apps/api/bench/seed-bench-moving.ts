import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/database';
import { queryRows } from '../src/db/sql-rows';

// Drivers on the way, written by set-based SQL rather than 500 x 4 API calls (create,
// accept, move, plus the sign-up): each a driver of the city with its member and sign-in,
// holding one order in `moving` for a store, with the rows the API leaves after POST
// /orders/ and PATCH /orders/accepted|moving: two unweighed lines priced at the city's
// rates (amounts 0 until weighed), totals 0, and the three events (create with its lines
// snapshot, accepted, moving). The triggers stay on: they keep the rollups, the status
// counts, the money sums and the order's stay exactly as for those calls (a few hundred rows).

export interface MovingStore {
  storeId: number;
  /** The store's member: it created the order. */
  memberId: number;
}

export interface MovingOrder {
  orderId: number;
  storeId: number;
  driverId: number;
  driverMemberId: number;
  driverLoginId: string;
}

/** `drivers` drivers of `cityId`, driver n holding one moving order of stores[n mod stores]. */
export async function seedMovingOrders(db: Database, { drivers, cityId, stores }: { drivers: number; cityId: number; stores: readonly MovingStore[] }): Promise<MovingOrder[]> {
  const intArray = (values: number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;
  const storeIds = intArray(stores.map((s) => s.storeId));
  const storeMembers = intArray(stores.map((s) => s.memberId));
  return db.transaction(async (tx) => {
    const base = (await queryRows<{ base: number }>(tx, sql`select coalesce(max(id), 0)::int as base from drivers`))[0]?.base ?? 0;
    await tx.execute(sql`
      insert into drivers (city_id, vehicle_number)
      select ${cityId}::int, 'MH12 BP ' || lpad(g::text, 4, '0') from generate_series(1, ${drivers}::int) as g order by g`);
    await tx.execute(sql`
      insert into members (login_id, name, role, is_verified, approval_status, driver_id)
      select 'bench-driver-' || d.id || '@bench.kabadi.in', 'Bench driver ' || d.id, 'driver', true, 'approved', d.id
      from drivers d where d.id > ${base}::int order by d.id`);
    // The password every member of the bench has (factories.ts): one hash, not 500 argon2 runs.
    await tx.execute(sql`
      insert into identities (member_id, provider, subject, password_hash)
      select m.id, 'local', m.login_id, (select i.password_hash from identities i where i.provider = 'local' and i.password_hash is not null order by i.id limit 1)
      from members m where m.driver_id > ${base}::int order by m.id`);
    // Created 40 minutes ago, accepted 30 and on the way 20 minutes ago, a second apart per order.
    await tx.execute(sql`
      with s as (select ${storeIds}::int[] as st, ${storeMembers}::int[] as sm, cardinality(${storeIds}::int[]) as n),
      d as (select id, row_number() over (order by id) as g from drivers where id > ${base}::int)
      insert into orders (store_id, vendor_id, city_id, driver_id, status, created_by, created_at, updated_at)
      select st.id, st.vendor_id, st.city_id, d.id, 'moving', s.sm[1 + (d.g - 1) % s.n],
        now() - interval '40 minutes' + d.g * interval '1 second', now() - interval '20 minutes' + d.g * interval '1 second'
      from d cross join s join stores st on st.id = s.st[1 + (d.g - 1) % s.n]
      order by d.g`);
    const orders = await queryRows<Omit<MovingOrder, 'orderId'> & { orderId: string }>(
      tx,
      sql`
      select o.id::text as "orderId", o.store_id as "storeId", o.driver_id as "driverId", m.id as "driverMemberId", m.login_id as "driverLoginId"
      from orders o join members m on m.driver_id = o.driver_id
      where o.driver_id > ${base}::int and o.status = 'moving' order by o.id`,
    );
    const ids = sql.raw(`'{${orders.map((o) => o.orderId).join(',')}}'::bigint[]`);
    // Two materials each, as seed-bench-orders picks them; rates as resolveLines prices: the city's, else the material's.
    await tx.execute(sql`
      with m as (select array_agg(id order by id) as ids, count(*)::int as n from materials where retired_at is null),
      o as (select o.id, o.city_id, row_number() over (order by o.id) as g from orders o where o.id = any(${ids}))
      insert into order_lines (order_id, material_id, weight_grams, vendor_rate_paise, driver_rate_paise, b2c_rate_paise, amount_paise, driver_amount_paise, position)
      select o.id, mat.id, null,
        coalesce((select rate_paise from city_rates r where r.city_id = o.city_id and r.material_id = mat.id and r.rate_type = 'vendor'), mat.vendor_rate_paise),
        coalesce((select rate_paise from city_rates r where r.city_id = o.city_id and r.material_id = mat.id and r.rate_type = 'driver'), mat.driver_rate_paise),
        coalesce((select rate_paise from city_rates r where r.city_id = o.city_id and r.material_id = mat.id and r.rate_type = 'b2c'), mat.b2c_rate_paise),
        0, 0, l.position
      from o cross join m cross join lateral (values (0, 1 + (o.g - 1) % m.n), (1, 1 + (o.g + 4) % m.n)) as l(position, mi)
      join materials mat on mat.id = m.ids[l.mi]
      order by o.id, l.position`);
    // The create event's snapshot is snapshotLines() of the stored lines; steps carry none.
    await tx.execute(sql`
      insert into order_events (order_id, actor_id, action, from_status, to_status, lines_after, occurred_at, created_at)
      select o.id, o.created_by, 'create', null, 'pending',
        (select jsonb_agg(jsonb_build_object('id', l.id, 'material_id', l.material_id, 'material_name', mat.name, 'weight_grams', l.weight_grams,
            'vendor_rate_paise', l.vendor_rate_paise, 'driver_rate_paise', l.driver_rate_paise, 'amount_paise', l.amount_paise,
            'driver_amount_paise', l.driver_amount_paise) order by l.position)
         from order_lines l join materials mat on mat.id = l.material_id where l.order_id = o.id),
        o.created_at, o.created_at
      from orders o where o.id = any(${ids}) order by o.id`);
    await tx.execute(sql`
      insert into order_events (order_id, actor_id, action, from_status, to_status, occurred_at, created_at)
      select o.id, m.id, step.action, step.from_status, step.to_status, o.created_at + step.after, o.created_at + step.after
      from orders o join members m on m.driver_id = o.driver_id,
        (values (1, 'accepted', 'pending', 'accepted', interval '10 minutes'), (2, 'moving', 'accepted', 'moving', interval '20 minutes')) as step(n, action, from_status, to_status, after)
      where o.id = any(${ids}) order by step.n, o.id`);
    return orders.map((o) => ({ ...o, orderId: Number(o.orderId) }));
  });
}
