import { describe, expect, it } from 'vitest';
import type { TestMember } from '../../test/factories';
import type { TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';
import { orderInStatus, useOrdersWorld, type OrdersApi, type World } from './orders-test-kit';

// design.md section 21, who sees what: a household sees only its own pickups, never another
// household's or a store's; store, vendor and admin routes are not for it (403); drivers see
// a household's phone and address only on the pickups they may act on; store lists hold stores.

const ids = (res: { json(): unknown }) => (res.json() as Array<{ id: number }>).map((o) => o.id);

describe.each(TEST_DB_KINDS)('households\' tenancy on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let api: OrdersApi;
  useOrdersWorld(kind, (made) => ({ ctx, world, api } = made));

  const get = (as: TestMember, url: string) => ctx.app.inject({ method: 'GET', url, headers: as.headers });

  it('shows a household its own pickups only, and its pickups to nobody else but the admin and the city\'s drivers', async () => {
    const mine = await orderInStatus(ctx, world, 'pending', 'household');
    const storeOrder = await orderInStatus(ctx, world, 'pending');
    const theirs = (await api.create(world.otherHousehold, { details: [{ material_id: world.materialIds[0], weight: 5 }] })).json().id as number;

    const listed = ids(await api.list(world.household));
    expect(listed).toContain(mine);
    expect(listed).not.toContain(storeOrder);
    expect(listed).not.toContain(theirs);
    for (const other of [storeOrder, theirs]) {
      expect((await api.get(world.household, other)).statusCode).toBe(404);
      expect((await api.act(world.household, 'cancel', other)).statusCode).toBe(404);
    }
    for (const outsider of [world.otherHousehold, world.store, world.vendor, world.otherVendor, world.farDriver]) {
      expect((await api.get(outsider, mine)).statusCode, outsider.role).toBe(404);
      expect(ids(await api.list(outsider))).not.toContain(mine);
    }
    expect((await api.get(world.admin, mine)).statusCode).toBe(200);
    expect((await api.get(world.rivalDriver, mine)).statusCode).toBe(200);
    // Its counts and export are its own too.
    const counts = (await get(world.household, '/orders/counts')).json();
    expect(counts.pending).toBe(ids(await api.list(world.household, '?status=pending')).length);
    expect(counts.pending).toBeGreaterThan(0);
    const csv = await get(world.household, '/orders/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`#${String(mine).padStart(8, '0')}`);
    expect(csv.body).not.toContain(`#${String(storeOrder).padStart(8, '0')}`);
  });

  it('filters every list by customer kind, for the admin', async () => {
    const household = await orderInStatus(ctx, world, 'pending', 'household');
    const store = await orderInStatus(ctx, world, 'pending');
    const households = ids(await api.list(world.admin, '?customer_kind=household&limit=200'));
    const stores = ids(await api.list(world.admin, '?customer_kind=store&limit=200'));
    expect(households).toContain(household);
    expect(households).not.toContain(store);
    expect(stores).toContain(store);
    expect(stores).not.toContain(household);
    const all = (await get(world.admin, '/orders/counts')).json();
    const split = [(await get(world.admin, '/orders/counts?customer_kind=household')).json(), (await get(world.admin, '/orders/counts?customer_kind=store')).json()];
    expect(split[0].pending + split[1].pending).toBe(all.pending);
    expect(split[0].pending).toBe(ids(await api.list(world.admin, '?customer_kind=household&status=pending&limit=200')).length);
    const csv = await get(world.admin, '/orders/export.csv?customer_kind=household');
    expect(csv.body).toContain(`#${String(household).padStart(8, '0')}`);
    expect(csv.body).not.toContain(`#${String(store).padStart(8, '0')}`);
    const stats = await get(world.admin, '/orders/stats?group=day&metric=count&customer_kind=household');
    expect(stats.statusCode, stats.body).toBe(200);
    expect((await get(world.admin, '/orders?customer_kind=shop')).statusCode).toBe(400);
  });

  it('answers 403 to a household on store, vendor and admin routes', async () => {
    const refused: Array<[string, string, object?]> = [
      ['GET', '/stores'],
      ['POST', '/stores', { name: 'Mine', city_id: world.cityA, address: '1 Road' }],
      ['GET', '/vendors'],
      ['GET', '/drivers'],
      ['GET', '/members'],
      ['GET', '/wallets'],
      ['GET', '/wallets/transactions'],
      ['GET', '/payouts'],
      ['GET', '/statements'],
      ['GET', '/escalations'],
      ['GET', '/reports/reconciliation'],
      ['GET', '/rate-card'],
      ['GET', '/invoices/waiting'],
      ['GET', '/drivers/positions'],
      ['PUT', '/settings/order', {}],
    ];
    for (const [method, url, payload] of refused) {
      const res = await ctx.app.inject({ method: method as 'GET', url, headers: world.household.headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
    }
    // And the household's own routes are its alone.
    expect((await get(world.household, '/households/me')).statusCode).toBe(200);
    for (const other of [world.store, world.admin, world.driver]) expect((await get(other, '/households/me')).statusCode).toBe(403);
    // A household's pickup has no invoice: 404, as for anything not the caller's.
    const done = await orderInStatus(ctx, world, 'completed', 'household');
    expect((await get(world.household, `/orders/${done}/invoice`)).statusCode).toBe(404);
  });

  it('lists stores only: a household\'s home is no store to anyone', async () => {
    for (const who of [world.admin, world.vendor]) {
      const listed = ids(await get(who, '/stores?limit=200'));
      expect(listed).not.toContain(world.household.storeId);
      expect(listed).not.toContain(world.otherHousehold.storeId);
    }
    expect(ids(await get(world.admin, '/stores?limit=200'))).toContain(world.store.storeId);
    expect((await get(world.admin, `/stores/${world.household.storeId}`)).statusCode).toBe(404);
    const assign = await ctx.app.inject({ method: 'PATCH', url: `/stores/${world.household.storeId}`, headers: world.admin.headers, payload: { vendor_id: world.vendor.vendorId } });
    expect(assign.statusCode).toBe(404);
  });

  it('shows drivers a household\'s phone and address while they may act on its pickup, not after', async () => {
    const id = await orderInStatus(ctx, world, 'pending', 'household');
    const contact = { phone: world.household.phone, address: '3 Home Lane', location: { lat: 19.07609, lng: 72.877426 } };
    // A pickup to take in its city.
    expect((await api.get(world.rivalDriver, id)).json().store).toMatchObject(contact);
    expect((await api.act(world.driver, 'accepted', id)).json().store).toMatchObject(contact);
    // Taken by another: gone from the rival's sight altogether.
    expect((await api.get(world.rivalDriver, id)).statusCode).toBe(404);
    expect((await api.act(world.household, 'cancel', id, { reason: 'Sold it' })).statusCode).toBe(200);
    const over = (await api.get(world.driver, id)).json();
    expect(over.status).toBe('cancelled');
    expect(over.store).toMatchObject({ phone: null, address: '', location: null });
    // The admin and the household still see it all.
    expect((await api.get(world.admin, id)).json().store).toMatchObject(contact);
    expect((await api.get(world.household, id)).json().store).toMatchObject(contact);
    const completed = await orderInStatus(ctx, world, 'completed', 'household');
    expect((await api.get(world.driver, completed)).json().store).toMatchObject({ phone: null, address: '' });
  });

  it('refuses an address or pin on a store\'s booking, naming the field', async () => {
    const body = { details: [{ material_id: world.materialIds[0], weight: 5 }] };
    const withAddress = await api.create(world.store, { ...body, address: 'Elsewhere' });
    expect(withAddress.statusCode).toBe(400);
    expect(Object.keys(withAddress.json().errors)).toEqual(['address']);
    const withPin = await api.create(world.store, { ...body, location: { lat: 19.1, lng: 72.9 } });
    expect(Object.keys(withPin.json().errors)).toEqual(['location']);
    // Nor may anyone else book: a driver, a vendor, an admin.
    for (const who of [world.driver, world.vendor, world.admin]) expect((await api.create(who, body)).statusCode).toBe(403);
  });
});
