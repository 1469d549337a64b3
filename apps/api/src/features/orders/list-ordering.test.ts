import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseNextLink } from '@app/shared/schemas/list';
import { ORDER_ORDERING_FIELDS, type OrderOrderingField } from '@app/shared/schemas/orders';
import { orders } from '../../db/tables/orders.table';
import { stores } from '../../db/tables/partners.table';
import type { TestMember } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';
import { createWorld, ordersApi, type World } from './orders-test-kit';

// design.md section 13: `ordering` on GET /orders, keyset pages on the sort key, no repeats
// or gaps across ties and while orders arrive; unknown parameters are a 400 naming them.

describe.each(TEST_DB_KINDS)('GET /orders?ordering on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let api: ReturnType<typeof ordersApi>;

  const STATUSES = ['pending', 'accepted', 'moving', 'completed', 'cancelled'] as const;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    world = await createWorld(ctx);
    api = ordersApi(ctx);
    await ctx.db.update(stores).set({ name: 'alpha scrap' }).where(eq(stores.id, world.store.storeId!));
    await ctx.db.update(stores).set({ name: 'beta scrap' }).where(eq(stores.id, world.otherStore.storeId!));
    for (let i = 0; i < 22; i++) {
      const as = i % 3 === 0 ? world.otherStore : world.store;
      const res = await api.create(as, { details: [{ material_id: world.materialIds[0] }] });
      expect(res.statusCode, res.body).toBe(201);
    }
    // Few distinct values, so every sort has ties that only the id breaks; one shared
    // created_at with microseconds, which a millisecond cursor would get wrong.
    await ctx.db.execute(sql`
      update orders set
        vendor_amount_paise = (id % 4) * 1000,
        driver_amount_paise = (id % 3) * 50,
        total_weight_grams = (id % 5) * 250,
        status = (array['pending','accepted','moving','completed','cancelled'])[1 + id % 5],
        created_at = case when id % 2 = 0 then timestamptz '2026-01-05 10:00:00.123456+00' else created_at - (id || ' minutes')::interval end,
        updated_at = timestamptz '2026-02-01 00:00:00+00' + ((id % 6) || ' seconds')::interval`);
    expect(STATUSES.length).toBe(5);
  }, 180_000);
  afterAll(async () => ctx?.close());

  const ids = (res: { json(): unknown }) => (res.json() as Array<{ id: number }>).map((o) => o.id);

  async function allPages(as: TestMember, query: string, between?: () => Promise<void>) {
    const seen: number[] = [];
    let url: string | null = `/orders${query}`;
    while (url) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: as.headers });
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...ids(res));
      const next = parseNextLink(res.headers.link as string | undefined);
      url = next ? new URL(next).pathname + new URL(next).search : null;
      if (between) await between();
    }
    return seen;
  }

  /** The expected order, computed here from the rows (key, then id, both in the sort's direction). */
  async function expected(field: OrderOrderingField, descending: boolean): Promise<number[]> {
    const rows = await ctx.db
      .select({
        id: orders.id,
        createdAt: sql<string>`(extract(epoch from ${orders.createdAt}) * 1000000)::bigint::text`,
        updatedAt: sql<string>`(extract(epoch from ${orders.updatedAt}) * 1000000)::bigint::text`,
        weight: orders.totalWeightGrams,
        vendorAmount: orders.vendorAmountPaise,
        driverAmount: orders.driverAmountPaise,
        status: orders.status,
        store: stores.name,
      })
      .from(orders)
      .innerJoin(stores, eq(stores.id, orders.storeId));
    const keyOf = (r: (typeof rows)[number]): string | number => {
      switch (field) {
        case 'created_at': return Number(r.createdAt);
        case 'updated_at': return Number(r.updatedAt);
        case 'total_weight': return r.weight;
        case 'vendor_amount': return r.vendorAmount;
        case 'driver_amount': return r.driverAmount;
        case 'status': return r.status;
        case 'store': return r.store;
      }
    };
    const sign = descending ? -1 : 1;
    return rows
      .sort((a, b) => {
        const ka = keyOf(a);
        const kb = keyOf(b);
        if (ka !== kb) return (ka < kb ? -1 : 1) * sign;
        return (a.id - b.id) * sign;
      })
      .map((r) => r.id);
  }

  it.each(ORDER_ORDERING_FIELDS.flatMap((f) => [[f, false], [f, true]] as const))('sorts by %s (descending: %s) across pages and ties', async (field, descending) => {
    const ordering = `${descending ? '-' : ''}${field}`;
    const seen = await allPages(world.admin, `?ordering=${ordering}&limit=4`);
    expect(seen).toEqual(await expected(field, descending));
  });

  it('defaults to -created_at', async () => {
    expect(await allPages(world.admin, '?limit=5')).toEqual(await expected('created_at', true));
  });

  it('keeps the ordering and filters in the next link', async () => {
    const res = await api.list(world.admin, `?ordering=-vendor_amount&store_id=${world.store.storeId}&limit=2`);
    const next = new URL(parseNextLink(res.headers.link as string)!);
    expect(next.searchParams.get('ordering')).toBe('-vendor_amount');
    expect(next.searchParams.get('store_id')).toBe(String(world.store.storeId));
  });

  it('neither repeats nor skips an order while new ones arrive', async () => {
    for (const ordering of ['-created_at', 'created_at', '-vendor_amount']) {
      const before = new Set(await allPages(world.admin, `?ordering=${ordering}&limit=500`));
      const added: number[] = [];
      let rounds = 0;
      const seen = await allPages(world.admin, `?ordering=${ordering}&limit=3`, async () => {
        // Several stores creating at once between the first page loads (an ascending list
        // would otherwise grow as fast as it is read).
        if (rounds++ >= 3) return;
        const created = await Promise.all([world.store, world.otherStore, world.store].map((as) => api.create(as, { details: [{ material_id: world.materialIds[1] }] })));
        for (const res of created) added.push(res.json().id);
      });
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of before) expect(seen).toContain(id);
      for (const id of seen) expect(before.has(id) || added.includes(id)).toBe(true);
    }
  }, 120_000);

  it('pages the admin lists by their ordering too', async () => {
    for (const [path, ordering] of [['/vendors', 'company_name'], ['/stores', '-name'], ['/members', 'login_id'], ['/drivers', 'vehicle_number'], ['/escalations', 'status']] as const) {
      const all = await ctx.app.inject({ method: 'GET', url: `${path}?ordering=${ordering}&limit=500`, headers: world.admin.headers });
      expect(all.statusCode, `${path} ${all.body}`).toBe(200);
      const everything = ids(all);
      const paged: number[] = [];
      let url: string | null = `${path}?ordering=${ordering}&limit=2`;
      while (url) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: world.admin.headers });
        expect(res.statusCode, res.body).toBe(200);
        paged.push(...ids(res));
        const next = parseNextLink(res.headers.link as string | undefined);
        url = next ? new URL(next).pathname + new URL(next).search : null;
      }
      expect(paged, path).toEqual(everything);
    }
  });

  it.each([
    ['/orders?foo=1', 'foo'],
    ['/orders?ordering=colour', 'ordering'],
    ['/orders?Status=pending', 'Status'],
    ['/orders/counts?status=pending', 'status'],
    ['/orders/stats?limit=5', 'limit'],
    ['/orders/export.csv?page=2', 'page'],
    ['/vendors?sort=name', 'sort'],
    ['/stores?ordering=company_name', 'ordering'],
    ['/drivers?foo=', 'foo'],
    ['/members?ordering=-password', 'ordering'],
    ['/escalations?order=1', 'order'],
    ['/staff?x=1', 'x'],
  ])('refuses %s naming %s', async (url, field) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: world.admin.headers });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });

  it('refuses a cursor of another ordering or a damaged one', async () => {
    const res = await api.list(world.admin, '?ordering=vendor_amount&limit=2');
    const cursor = new URL(parseNextLink(res.headers.link as string)!).searchParams.get('cursor')!;
    for (const query of [`?ordering=-vendor_amount&cursor=${cursor}`, `?cursor=${cursor}`, '?cursor=abc', `?ordering=vendor_amount&cursor=${cursor.slice(0, -3)}`]) {
      const bad = await api.list(world.admin, query);
      expect(bad.statusCode, query).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(['cursor']);
    }
  });

  it('finds a display number through the primary key, and "42" also by store name', async () => {
    const [first] = ids(await api.list(world.admin, '?limit=1'));
    const display = `%23${String(first).padStart(8, '0')}`;
    expect(ids(await api.list(world.admin, `?search=${display}`))).toEqual([first]);
    await ctx.db.update(stores).set({ name: `shop ${first}` }).where(eq(stores.id, world.otherStore.storeId!));
    const both = ids(await api.list(world.admin, `?search=${first}&limit=500`));
    expect(both).toContain(first);
    const otherStoreOrders = ids(await api.list(world.admin, `?store_id=${world.otherStore.storeId}&limit=500`));
    for (const id of otherStoreOrders) expect(both).toContain(id);
    await ctx.db.update(stores).set({ name: 'beta scrap' }).where(eq(stores.id, world.otherStore.storeId!));
  });
});
