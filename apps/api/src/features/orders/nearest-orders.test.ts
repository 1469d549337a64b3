import { beforeAll, describe, expect, it } from 'vitest';
import { distanceKm, type GeoPoint } from '@app/shared/geo';
import { parseNextLink } from '@app/shared/schemas/list';
import type { Order } from '@app/shared/schemas/orders';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import { orderInStatus, useOrdersWorld, type OrdersWorld } from './orders-test-kit';

// GET /orders?near=LAT,LNG (design.md section 18): each order's km to its store, nearest
// first, stores without a pin last, then by id; keyset pages on (km, id).

const HERE: GeoPoint = { lat: 18.5204, lng: 73.8567 };
const NEAR = `${HERE.lat},${HERE.lng}`;
const SHIVAJINAGAR: GeoPoint = { lat: 18.5314, lng: 73.8446 };
const HADAPSAR: GeoPoint = { lat: 18.5089, lng: 73.926 };
const MUMBAI: GeoPoint = { lat: 19.076, lng: 72.8777 };

const round2 = (km: number) => Math.round(km * 100) / 100;

describe.each(TEST_DB_KINDS)('GET /orders?near on %s', (kind) => {
  let w: OrdersWorld;
  useOrdersWorld(kind, (made) => (w = made));

  /** Each store's pin (null: none), by store id. */
  const pins = new Map<number, GeoPoint | null>();
  let twin: TestMember;
  let unpinned: TestMember;
  let far: TestMember;
  /** Pending orders of city A, and the one of city B, with their store. */
  const pendingA: Array<{ id: number; storeId: number }> = [];
  let pendingFar: number;
  let accepted: number;

  async function pin(store: TestMember, location: GeoPoint | null) {
    const res = await w.ctx.app.inject({ method: 'PATCH', url: `/stores/${store.storeId}/info`, headers: w.world.admin.headers, payload: { location } });
    expect(res.statusCode, res.body).toBe(200);
    pins.set(store.storeId!, location);
  }
  async function order(store: TestMember) {
    const res = await w.api.create(store, { details: [{ material_id: w.world.materialIds[0] }] });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  }
  /** What the API must answer: by rounded km (no pin: last), then id. */
  const expected = (list: Array<{ id: number; storeId: number }>) =>
    list
      .map(({ id, storeId }) => {
        const p = pins.get(storeId) ?? null;
        return { id, km: p ? round2(distanceKm(HERE, p)) : null };
      })
      .sort((a, b) => (a.km ?? Infinity) - (b.km ?? Infinity) || a.id - b.id);

  const seen = (res: { json(): unknown }) => (res.json() as Order[]).map((o) => ({ id: o.id, km: o.distance_km }));

  async function allPages(as: TestMember, query: string) {
    const pages: Array<Array<{ id: number; km: number | null | undefined }>> = [];
    let url: string | null = `/orders${query}`;
    while (url) {
      const res = await w.ctx.app.inject({ method: 'GET', url, headers: as.headers });
      expect(res.statusCode, res.body).toBe(200);
      pages.push(seen(res));
      const next = parseNextLink(res.headers.link as string | undefined);
      url = next ? new URL(next).pathname + new URL(next).search : null;
    }
    return pages;
  }

  // Stores with and without pins, and their pickups, after the world opened.
  beforeAll(async () => {
    const { world, ctx } = w;
    twin = await ctx.factories.createMember('store', { cityId: world.cityA, vendorId: world.vendor.vendorId });
    unpinned = await ctx.factories.createMember('store', { cityId: world.cityA, vendorId: world.vendor.vendorId });
    far = await ctx.factories.createMember('store', { cityId: world.cityB, vendorId: world.vendor.vendorId });
    await pin(world.store, SHIVAJINAGAR);
    // The same pin as world.store: its orders tie on km and interleave by id.
    await pin(twin, SHIVAJINAGAR);
    await pin(world.otherStore, HADAPSAR);
    await pin(far, MUMBAI);
    pins.set(unpinned.storeId!, null);
    for (const store of [unpinned, world.otherStore, world.store, twin, world.store, unpinned, twin, world.otherStore]) {
      pendingA.push({ id: await order(store), storeId: store.storeId! });
    }
    pendingFar = await order(far);
    accepted = await orderInStatus(ctx, world, 'accepted');
  }, 120_000);

  it('lists a driver\'s pickups nearest first, with the km computed as distanceKm does, unpinned last', async () => {
    const res = await w.api.list(w.world.driver, `?status=pending&near=${NEAR}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(seen(res)).toEqual(expected(pendingA));
    expect(res.headers['x-total-count']).toBe(String(pendingA.length));
    // The far city's pickup is not the driver's to see.
    expect(seen(res).map((o) => o.id)).not.toContain(pendingFar);
    expect(seen(res).slice(-2)).toEqual([
      { id: pendingA[0]!.id, km: null },
      { id: pendingA[5]!.id, km: null },
    ]);
  });

  it('pages on (km, id) without repeats or gaps, at any page size', async () => {
    for (const limit of [1, 2, 3, 5]) {
      const pages = await allPages(w.world.driver, `?status=pending&near=${NEAR}&limit=${limit}`);
      expect(pages.flat()).toEqual(expected(pendingA));
      expect(pages.every((p) => p.length <= limit)).toBe(true);
    }
  });

  it('orders what else the driver sees (its own orders) by distance too', async () => {
    const res = await w.api.list(w.world.driver, `?near=${NEAR}`);
    expect(seen(res)).toEqual(expected([...pendingA, { id: accepted, storeId: w.world.store.storeId! }]));
  });

  it('lets every role sort what it may see: an admin everything, a store its own', async () => {
    const all = [...pendingA, { id: pendingFar, storeId: far.storeId! }, { id: accepted, storeId: w.world.store.storeId! }];
    expect((await allPages(w.world.admin, `?near=${NEAR}&limit=4`)).flat()).toEqual(expected(all));
    const own = all.filter((o) => o.storeId === w.world.store.storeId);
    expect(seen(await w.api.list(w.world.store, `?near=${NEAR}`))).toEqual(expected(own));
    const vendorOwn = all.filter((o) => o.storeId !== w.world.otherStore.storeId);
    expect((await allPages(w.world.vendor, `?near=${NEAR}&limit=3`)).flat()).toEqual(expected(vendorOwn));
  });

  it('takes the place of ordering, and keeps the filters', async () => {
    const res = await w.api.list(w.world.admin, `?near=${NEAR}&ordering=-created_at&status=pending&city_id=${w.world.cityA}`);
    expect(seen(res)).toEqual(expected(pendingA));
    const oneStore = await w.api.list(w.world.admin, `?near=${NEAR}&store_id=${twin.storeId}`);
    expect(seen(oneStore)).toEqual(expected(pendingA.filter((o) => o.storeId === twin.storeId)));
  });

  it('answers 304 to the same page\'s ETag, and distance_km only with near', async () => {
    const first = await w.api.list(w.world.driver, `?status=pending&near=${NEAR}`);
    const again = await w.api.list(w.world.driver, `?status=pending&near=${NEAR}`, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    const plain = await w.api.list(w.world.driver, '?status=pending');
    expect((plain.json() as Order[])[0]).not.toHaveProperty('distance_km');
  });

  it.each([['abc'], ['18.52'], ['91,73.85'], ['18.52,181'], ['18.52;73.85'], ['18.52,73.85,1'], [',']])('refuses near=%s (400 naming near)', async (near) => {
    const res = await w.api.list(w.world.driver, `?status=pending&near=${encodeURIComponent(near)}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['near']);
  });

  it('refuses a cursor of another point or another ordering (400 naming cursor)', async () => {
    const first = await w.api.list(w.world.driver, `?status=pending&near=${NEAR}&limit=2`);
    const cursor = new URL(parseNextLink(first.headers.link as string)!).searchParams.get('cursor')!;
    for (const query of [`?status=pending&near=18.6,73.8&limit=2&cursor=${cursor}`, `?status=pending&limit=2&cursor=${cursor}`]) {
      const res = await w.api.list(w.world.driver, query);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['cursor']);
    }
    const sorted = await w.api.list(w.world.driver, '?status=pending&limit=2');
    const sortedCursor = new URL(parseNextLink(sorted.headers.link as string)!).searchParams.get('cursor')!;
    const res = await w.api.list(w.world.driver, `?status=pending&near=${NEAR}&cursor=${sortedCursor}`);
    expect(res.statusCode).toBe(400);
    // A cursor made up with a key that is not a distance.
    const forged = Buffer.from(JSON.stringify([`near:${HERE.lat},${HERE.lng}`, 'x; drop table orders', 1])).toString('base64url');
    const bad = await w.api.list(w.world.driver, `?status=pending&near=${NEAR}&cursor=${forged}`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['cursor']);
  });

  describe('the store on every order', () => {
    it('carries its pin, phone and address in the list and the detail, for those who may read the order', async () => {
      const { world, api } = w;
      const id = pendingA.find((o) => o.storeId === world.store.storeId)!.id;
      for (const who of [world.driver, world.store, world.vendor, world.admin]) {
        const detail = await api.get(who, id);
        expect(detail.statusCode, detail.body).toBe(200);
        expect(detail.json().store).toMatchObject({ id: world.store.storeId, location: SHIVAJINAGAR, address: expect.any(String), phone: null });
      }
      const listed = (await api.list(world.driver, '?status=pending')).json() as Order[];
      expect(listed.find((o) => o.id === id)!.store.location).toEqual(SHIVAJINAGAR);
      expect(listed.find((o) => o.store.id === unpinned.storeId)!.store.location).toBeNull();
    });

    it('is not shown to those who may not read the order (404)', async () => {
      const { world, api } = w;
      const theirs = pendingA.find((o) => o.storeId === world.otherStore.storeId)!.id;
      expect((await api.get(world.store, theirs)).statusCode).toBe(404);
      expect((await api.get(world.vendor, theirs)).statusCode).toBe(404);
      expect((await api.get(world.farDriver, theirs)).statusCode).toBe(404);
    });
  });
});
