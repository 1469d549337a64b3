import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseNextLink } from '@app/shared/schemas/list';
import { orders } from '../../db/tables/orders.table';
import { stores } from '../../db/tables/partners.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import { createWorld, orderInStatus, ordersApi, type World } from './orders-test-kit';

describe.each(TEST_DB_KINDS)('GET /orders on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let api: ReturnType<typeof ordersApi>;
  /** Order ids by who owns them. */
  const mine: number[] = [];
  const theirs: number[] = [];
  let farPending: number;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    world = await createWorld(ctx);
    api = ordersApi(ctx);
    for (const status of ['pending', 'accepted', 'waiting_store', 'completed', 'cancelled', 'pending', 'moving'] as const) {
      mine.push(await orderInStatus(ctx, world, status));
    }
    for (let i = 0; i < 3; i++) {
      const res = await api.create(world.otherStore, { details: [{ material_id: world.materialIds[2] }] });
      theirs.push(res.json().id);
    }
    // A pending pickup in city B, which drivers of city A must not see.
    const farStore = await ctx.factories.createMember('store', { cityId: world.cityB });
    farPending = (await api.create(farStore, { details: [{ material_id: world.materialIds[0] }] })).json().id;
    await ctx.db.update(stores).set({ name: 'Gupta & Sons, "Scrap" Traders' }).where(eq(stores.id, world.otherStore.storeId!));
  }, 120_000);
  afterAll(async () => ctx?.close());

  const ids = (res: { json(): unknown }) => (res.json() as Array<{ id: number }>).map((o) => o.id);
  const desc = (list: number[]) => [...list].sort((a, b) => b - a);

  /** Every page from `query` on, following Link headers as a client would. */
  async function allPages(as: TestMember, query: string) {
    const pages: number[][] = [];
    let url: string | null = `/orders${query}`;
    while (url) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: as.headers });
      expect(res.statusCode, res.body).toBe(200);
      pages.push(ids(res));
      const next = parseNextLink(res.headers.link as string | undefined);
      url = next ? new URL(next).pathname + new URL(next).search : null;
    }
    return pages;
  }

  it('pages newest first by cursor, with X-Total-Count and Link', async () => {
    const everything = desc([...mine, ...theirs, farPending]);
    const first = await api.list(world.admin, '?limit=3');
    expect(first.headers['x-total-count']).toBe(String(everything.length));
    expect(first.headers.link).toMatch(/^<http:\/\/[^/]+\/orders\?limit=3&cursor=[A-Za-z0-9_-]+>; rel="next"$/);
    // The link leads back to where the client called: inject's localhost, or nginx's host and port.
    expect(new URL(parseNextLink(first.headers.link as string)!).origin).toBe(ctx.balancerUrl ?? 'http://localhost');
    const pages = await allPages(world.admin, '?limit=3');
    expect(pages.map((p) => p.length)).toEqual([3, 3, 3, 2]);
    expect(pages.flat()).toEqual(everything);
  });

  it('keeps the filters on the next page', async () => {
    const pages = await allPages(world.admin, `?store_id=${world.store.storeId}&limit=2`);
    expect(pages.flat()).toEqual(desc(mine));
  });

  it('has no Link on the last page', async () => {
    const res = await api.list(world.admin, '?limit=500');
    expect(res.headers.link).toBeUndefined();
  });

  it.each([
    ['?limit=501', 'limit'],
    ['?limit=0', 'limit'],
    ['?limit=abc', 'limit'],
    ['?cursor=abc', 'cursor'],
    ['?status=pending,flying', 'status'],
    ['?store_id=x', 'store_id'],
    ['?created_at__gt=yesterday', 'created_at__gt'],
  ])('refuses %s naming %s', async (query, field) => {
    const res = await api.list(world.admin, query);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });

  it('answers 304 to a poll while nothing changed, and 200 once something did', async () => {
    const first = await api.list(world.store, '?status=waiting_store');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await api.list(world.store, '?status=waiting_store', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Another filter is another answer.
    expect((await api.list(world.store, '?status=pending', { 'if-none-match': etag })).statusCode).toBe(200);

    const waiting = ids(first)[0]!;
    expect((await api.act(world.store, 'waiting_admin', waiting)).statusCode).toBe(200);
    const after = await api.list(world.store, '?status=waiting_store', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(ids(after)).not.toContain(waiting);
  });

  it('filters by status list, store, vendor, driver, city and time', async () => {
    const statusOf = async (id: number) => (await ctx.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.s;
    const pendingOrMoving = (await api.list(world.admin, '?status=pending,moving&limit=500')).json() as Array<{ id: number; status: string }>;
    expect(pendingOrMoving.every((o) => o.status === 'pending' || o.status === 'moving')).toBe(true);
    const expected = [];
    for (const id of [...mine, ...theirs, farPending]) if (['pending', 'moving'].includes(await statusOf(id))) expected.push(id);
    expect(pendingOrMoving.map((o) => o.id)).toEqual(desc(expected));

    expect(ids(await api.list(world.admin, `?vendor_id=${world.otherVendor.vendorId}`))).toEqual(desc(theirs));
    expect(ids(await api.list(world.admin, `?store_id=${world.otherStore.storeId}`))).toEqual(desc(theirs));
    expect(ids(await api.list(world.admin, `?city_id=${world.cityB}`))).toEqual([farPending]);
    const driven = ids(await api.list(world.admin, `?driver_id=${world.driver.driverId}`));
    expect(driven.length).toBeGreaterThan(0);
    for (const id of driven) expect(mine).toContain(id);

    // Move one order into last year and cut around it.
    const old = theirs[0]!;
    await ctx.db.update(orders).set({ createdAt: sql`now() - interval '400 days'` }).where(eq(orders.id, old));
    const since = new Date(Date.now() - 200 * 86_400_000).toISOString();
    expect(ids(await api.list(world.admin, `?vendor_id=${world.otherVendor.vendorId}&created_at__lt=${since}`))).toEqual([old]);
    expect(ids(await api.list(world.admin, `?vendor_id=${world.otherVendor.vendorId}&created_at__gt=${since}`))).toEqual(desc(theirs.slice(1)));
  });

  it('finds by display number or store name, in any case', async () => {
    const target = mine[3]!;
    for (const text of [`%23${String(target).padStart(8, '0')}`, String(target), String(target).padStart(8, '0')]) {
      expect(ids(await api.list(world.admin, `?search=${text}`))).toContain(target);
    }
    expect(ids(await api.list(world.admin, '?search=gupta%20%26%20SONS'))).toEqual(desc(theirs));
    // LIKE wildcards are text, not patterns.
    expect(ids(await api.list(world.admin, '?search=%25'))).toEqual([]);
  });

  it('shows each caller only its part of the business', async () => {
    const seen = async (as: TestMember) => new Set((await allPages(as, '?limit=500')).flat());
    expect(await seen(world.store)).toEqual(new Set(mine));
    expect(await seen(world.otherStore)).toEqual(new Set(theirs));
    expect(await seen(world.vendor)).toEqual(new Set(mine));
    expect(await seen(world.otherVendor)).toEqual(new Set(theirs));
    // A driver: pending pickups of its city (anyone's) and its own orders.
    const pendingInA = [];
    for (const id of [...mine, ...theirs]) {
      const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
      if (row!.status === 'pending' || row!.driverId === world.driver.driverId) pendingInA.push(id);
    }
    expect(await seen(world.driver)).toEqual(new Set(pendingInA));
    const far = await seen(world.farDriver);
    expect(far).toEqual(new Set([farPending]));
    const rival = await seen(world.rivalDriver);
    for (const id of rival) expect((await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!.status).toBe('pending');
    // The total counts only what the caller may see.
    expect((await api.list(world.store, '?limit=1')).headers['x-total-count']).toBe(String(mine.length));
  });

  it('answers the order JSON of design.md section 7', async () => {
    const [order] = (await api.list(world.store, `?search=${mine[2]}`)).json();
    expect(Object.keys(order).sort()).toEqual(
      [
        ...['id', 'display_number', 'status', 'status_label', 'store', 'city_id', 'vendor_id', 'driver', 'details', 'total_weight', 'vendor_amount', 'driver_amount', 'note', 'pickup_slot', 'eta', 'created_at', 'updated_at', 'image_count'],
        // design.md section 21: who the pickup is for, and a household's payment and receipt (null for a store's).
        ...['customer_kind', 'payment', 'receipt'],
      ].sort(),
    );
    expect(Object.keys(order.details[0]).sort()).toEqual(['amount', 'driver_rate', 'id', 'material', 'rate', 'weight']);
    expect(Object.keys(order.details[0].material).sort()).toEqual(['b2c_rate', 'driver_rate', 'id', 'name', 'vendor_rate']);
    expect(Object.keys(order.driver).sort()).toEqual(['id', 'name', 'phone', 'vehicle_number']);
    expect(Object.keys(order.store).sort()).toEqual(['address', 'city_id', 'id', 'location', 'name', 'phone', 'vendor_id']);
    expect(order).toMatchObject({ customer_kind: 'store', payment: null, receipt: null });
  });
});
