import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatOrderNumber } from '@app/shared/format';
import { EXACT_COUNT_LIMIT } from '@app/shared/schemas/list';
import { type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';
import { EXPORT_BATCH_ROWS } from './export-orders';
import { type World, type OrdersApi, useOrdersWorld } from './orders-test-kit';
import { queryRows } from '../../db/sql-rows';

// The counts kept as orders change (migration 0005) must always equal a scan of the
// orders; counts above EXACT_COUNT_LIMIT may be estimates and say so; the export streams
// every row, in the list's order, across many batches.

describe.each(TEST_DB_KINDS)('kept counts, estimates and the streamed export on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let api: OrdersApi;
  useOrdersWorld(kind, (made) => ({ ctx, world, api } = made));

  const rowsOf = async (query: ReturnType<typeof sql>) => {
    const rows = await queryRows<Record<string, unknown>>(ctx.db, query);
    return rows.map((r) => Object.values(r).map(String).join('|')).sort();
  };
  const scanDaily = () =>
    rowsOf(sql`select (created_at at time zone 'Asia/Kolkata')::date::text as d, store_id, vendor_id, city_id, status, count(*) as n, sum(total_weight_grams) as w, sum(vendor_amount_paise) as v, sum(driver_amount_paise) as dr
      from orders group by 1, 2, 3, 4, 5`);
  const keptDaily = () =>
    rowsOf(sql`select day::text, store_id, vendor_id, city_id, status, order_count, total_weight_grams, vendor_amount_paise, driver_amount_paise
      from order_daily_rollups where order_count <> 0 or total_weight_grams <> 0 or vendor_amount_paise <> 0 or driver_amount_paise <> 0`);
  const scanMonthly = () =>
    rowsOf(sql`select to_char(created_at at time zone 'Asia/Kolkata', 'YYYY-MM-01') as m, store_id, vendor_id, city_id, status, count(*) as n, sum(total_weight_grams) as w, sum(vendor_amount_paise) as v, sum(driver_amount_paise) as dr
      from orders group by 1, 2, 3, 4, 5`);
  const keptMonthly = () =>
    rowsOf(sql`select month::text, store_id, vendor_id, city_id, status, order_count, total_weight_grams, vendor_amount_paise, driver_amount_paise
      from order_monthly_rollups where order_count <> 0 or total_weight_grams <> 0 or vendor_amount_paise <> 0 or driver_amount_paise <> 0`);
  const scanStatus = () => rowsOf(sql`select store_id, vendor_id, city_id, status, count(*) from orders group by 1, 2, 3, 4`);
  const keptStatus = () => rowsOf(sql`select store_id, vendor_id, city_id, status, order_count from order_status_counts where order_count <> 0`);

  it('equal a scan after random transitions, racing ones included', async () => {
    const created: number[] = [];
    for (let i = 0; i < 16; i++) {
      const as = i % 4 === 0 ? world.otherStore : world.store;
      const res = await api.create(as, { details: [{ material_id: world.materialIds[i % 2]!, weight: 1 + i }] });
      expect(res.statusCode, res.body).toBe(201);
      created.push(res.json().id);
    }
    // Two drivers race for every pickup at once: one wins each, rollups stay right.
    const races = await Promise.all(created.flatMap((id) => [api.act(world.driver, 'accepted', id), api.act(world.rivalDriver, 'accepted', id)]));
    for (const res of races) expect([200, 409]).toContain(res.statusCode);
    const byDriver = new Map<number, typeof world.driver>();
    for (let i = 0; i < races.length; i++) {
      if (races[i]!.statusCode === 200) byDriver.set(created[Math.floor(i / 2)]!, i % 2 === 0 ? world.driver : world.rivalDriver);
    }
    // Random further steps, several at once on different orders of the same store.
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const steps = created.map(async (id) => {
      const driver = byDriver.get(id)!;
      const roll = random();
      if (roll < 0.3) return [await api.act(driver, 'moving', id)];
      if (roll < 0.5) return [await api.act(world.admin, 'cancel', id, { reason: 'test' })];
      if (roll < 0.7) return [await api.act(driver, 'issue', id, { reason: 'truck broke down' })];
      return [];
    });
    for (const res of (await Promise.all(steps)).flat()) expect(res.statusCode, res.body).toBe(200);
    // Changes no route makes but the trigger must follow anyway: amounts, a new day, a store move, a delete.
    await ctx.db.execute(sql`update orders set vendor_amount_paise = vendor_amount_paise + id * 100, total_weight_grams = id * 10 where id % 3 = 0`);
    await ctx.db.execute(sql`update orders set created_at = created_at - interval '40 days' where id % 5 = 0`);
    await ctx.db.execute(sql`update orders set status = 'completed', vendor_amount_paise = 12345 where id % 7 = 0`);
    await ctx.db.execute(sql`delete from orders where id = (select min(o.id) from orders o where not exists (select 1 from escalations e where e.order_id = o.id))`);

    expect(await keptDaily()).toEqual(await scanDaily());
    expect(await keptMonthly()).toEqual(await scanMonthly());
    expect(await keptStatus()).toEqual(await scanStatus());

    // The tabs and the charts read them and agree with the orders.
    const counts = (await ctx.app.inject({ method: 'GET', url: '/orders/counts', headers: world.vendor.headers })).json() as Record<string, number>;
    const scanned = await queryRows<{ status: string; n: number }>(ctx.db, sql`select status, count(*)::int as n from orders where vendor_id = ${world.vendor.vendorId} group by 1`);
    for (const row of scanned) expect(counts[row.status]).toBe(Number(row.n));
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(scanned.reduce((a, r) => a + Number(r.n), 0));

    const chart = (await ctx.app.inject({ method: 'GET', url: '/orders/stats?group=day', headers: world.admin.headers })).json() as Array<{ period: string; value: number }>;
    const perDay = await queryRows<{ d: string; n: number }>(ctx.db, sql`select to_char(created_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as d, count(*)::int as n from orders group by 1`);
    for (const bucket of chart) expect(bucket.value, bucket.period).toBe(Number(perDay.find((r) => r.d === bucket.period)?.n ?? 0));

    for (const metric of ['count', 'vendor_amount'] as const) {
      const months = (await ctx.app.inject({ method: 'GET', url: `/orders/stats?group=month&metric=${metric}`, headers: world.vendor.headers })).json() as Array<{ period: string; value: number }>;
      expect(months).toHaveLength(12);
      const perMonth = await queryRows<{ m: string; n: number; v: number }>(ctx.db, sql`select to_char(created_at at time zone 'Asia/Kolkata', 'YYYY-MM') as m, count(*)::int as n, coalesce(sum(vendor_amount_paise) filter (where status = 'completed'), 0)::bigint as v
          from orders where vendor_id = ${world.vendor.vendorId} group by 1`);
      for (const bucket of months) {
        const row = perMonth.find((r) => r.m === bucket.period);
        expect(bucket.value, `${metric} ${bucket.period}`).toBe(metric === 'count' ? Number(row?.n ?? 0) : Number(row?.v ?? 0) / 100);
      }
    }
  }, 120_000);

  describe('with more than 10,000 orders', () => {
    const BULK = EXACT_COUNT_LIMIT + 50;
    beforeAll(async () => {
      await ctx.db.execute(sql`
        insert into orders (store_id, vendor_id, city_id, vendor_amount_paise, created_at)
        select s.id, s.vendor_id, s.city_id, (g % 7) * 100, now() - (g || ' minutes')::interval
        from stores s, generate_series(1, ${BULK}) g where s.id = ${world.store.storeId}`);
      await ctx.db.execute(sql`analyze orders`);
    }, 120_000);

    const total = async () => Number((await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from orders`))[0]!.n);

    it('answers an exact total from the kept counts, and an estimate where only a scan would know', async () => {
      const exact = await api.list(world.admin, '?limit=1');
      expect(exact.headers['x-total-count']).toBe(String(await total()));
      expect(exact.headers['x-total-count-estimated']).toBeUndefined();

      const estimated = await api.list(world.admin, '?limit=1&created_at__gt=2000-01-01T00:00:00Z');
      expect(estimated.statusCode).toBe(200);
      expect(estimated.headers['x-total-count-estimated']).toBe('true');
      expect(Number(estimated.headers['x-total-count'])).toBeGreaterThan(EXACT_COUNT_LIMIT);

      const small = await api.list(world.admin, `?limit=1&search=${encodeURIComponent(formatOrderNumber(100))}`);
      expect(small.headers['x-total-count']).toBe('1');
      expect(small.headers['x-total-count-estimated']).toBeUndefined();
    });

    it('exports every row in the list\'s order, over several batches, with the count first', async () => {
      expect(BULK).toBeGreaterThan(EXPORT_BATCH_ROWS * 3);
      const res = await ctx.app.inject({ method: 'GET', url: '/orders/export.csv?ordering=-vendor_amount', headers: world.admin.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['x-total-count']).toBe(String(await total()));
      const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
      expect(lines[0]).toMatch(/^Display number,/);
      const exported = lines.slice(1).map((line) => Number(line.slice(1, 9)));
      const expected = await queryRows<{ id: number }>(ctx.db, sql`select id from orders order by vendor_amount_paise desc, id desc`);
      expect(exported).toEqual(expected.map((r) => Number(r.id)));
    }, 120_000);

    it('exports only what the caller may see', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/orders/export.csv', headers: world.otherStore.headers });
      const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n').slice(1);
      const theirs = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from orders where store_id = ${world.otherStore.storeId}`);
      expect(lines.length).toBe(Number(theirs[0]!.n));
      expect(res.headers['x-total-count']).toBe(String(lines.length));
    });
  });
});
