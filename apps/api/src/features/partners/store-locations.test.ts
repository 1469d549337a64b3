import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stores } from '../../db/tables/partners.table';
import { TEST_DB_KINDS } from '../../test/test-database';
import { useTestWorld } from '../../test/test-world';
import type { TestMember } from '../../test/factories';

// A store's pin on the map (design.md section 18): who may set it, what is refused, who sees it.

const PUNE = { lat: 18.5204, lng: 73.8567 };
const MUMBAI = { lat: 19.076, lng: 72.8777 };

describe.each(TEST_DB_KINDS)('store locations on %s', (kind) => {
  const ctx = useTestWorld(kind, {
    admin: 'admin',
    vendorA: 'vendor',
    vendorB: 'vendor',
    storeA: ['store', (w) => ({ vendorId: w.vendorA.vendorId })],
    storeB: ['store', (w) => ({ vendorId: w.vendorB.vendorId })],
    driver: 'driver',
  });

  const patchInfo = (storeId: number, who: TestMember, payload: unknown) =>
    ctx.app.inject({ method: 'PATCH', url: `/stores/${storeId}/info`, headers: who.headers, payload: payload as object });
  const patchAsAdmin = (storeId: number, who: TestMember, payload: unknown) =>
    ctx.app.inject({ method: 'PATCH', url: `/stores/${storeId}`, headers: who.headers, payload: payload as object });
  const storedPin = async (storeId: number) => {
    const [row] = await ctx.db.select({ lat: stores.locationLat, lng: stores.locationLng }).from(stores).where(eq(stores.id, storeId));
    return row;
  };
  const read = async (storeId: number, who: TestMember) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/stores/${storeId}`, headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('is null until set, in the detail and the list', async () => {
    expect((await read(ctx.storeB.storeId!, ctx.admin)).location).toBeNull();
    const list = await ctx.app.inject({ method: 'GET', url: '/stores', headers: ctx.vendorB.headers });
    expect(list.json()).toEqual([expect.objectContaining({ id: ctx.storeB.storeId, location: null })]);
  });

  it('lets the store set its own pin, kept to 6 decimals, and shows it to its vendor', async () => {
    const res = await patchInfo(ctx.storeA.storeId!, ctx.storeA, { location: { lat: 18.52043219, lng: 73.85674449 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().location).toEqual({ lat: 18.520432, lng: 73.856744 });
    expect((await read(ctx.storeA.storeId!, ctx.vendorA)).location).toEqual({ lat: 18.520432, lng: 73.856744 });
    const list = await ctx.app.inject({ method: 'GET', url: '/stores', headers: ctx.storeA.headers });
    expect(list.json()[0].location).toEqual({ lat: 18.520432, lng: 73.856744 });
  });

  it('lets the store\'s vendor and an admin move it, and null removes it', async () => {
    expect((await patchInfo(ctx.storeA.storeId!, ctx.vendorA, { location: MUMBAI })).json().location).toEqual(MUMBAI);
    expect((await patchInfo(ctx.storeA.storeId!, ctx.admin, { location: PUNE, name: 'Pune Store' })).json()).toMatchObject({ location: PUNE, name: 'Pune Store' });
    // Another field alone leaves the pin where it is.
    expect((await patchInfo(ctx.storeA.storeId!, ctx.storeA, { phone: '+91 90000 00001' })).json().location).toEqual(PUNE);
    const cleared = await patchInfo(ctx.storeA.storeId!, ctx.storeA, { location: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().location).toBeNull();
    expect(await storedPin(ctx.storeA.storeId!)).toEqual({ lat: null, lng: null });
  });

  it('answers another store\'s or another vendor\'s change 404, a driver 403, and changes nothing', async () => {
    await patchInfo(ctx.storeB.storeId!, ctx.admin, { location: MUMBAI });
    expect((await patchInfo(ctx.storeB.storeId!, ctx.storeA, { location: PUNE })).statusCode).toBe(404);
    expect((await patchInfo(ctx.storeB.storeId!, ctx.vendorA, { location: PUNE })).statusCode).toBe(404);
    expect((await patchInfo(ctx.storeB.storeId!, ctx.driver, { location: PUNE })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/stores/${ctx.storeB.storeId}`, headers: ctx.storeA.headers })).statusCode).toBe(404);
    expect(await storedPin(ctx.storeB.storeId!)).toEqual(MUMBAI);
  });

  const BAD_LOCATIONS: Array<[string, unknown]> = [
    ['north of India', { lat: 40, lng: 75 }],
    ['south of India', { lat: 5.9, lng: 75 }],
    ['west of India', { lat: 20, lng: 67.99 }],
    ['east of India', { lat: 20, lng: 98.01 }],
    ['text degrees', { lat: '18.52', lng: '73.85' }],
    ['no lng', { lat: 18.52 }],
    ['a pair', [18.52, 73.85]],
    ['text', 'Pune'],
    ['a number', 18.52],
    ['a boolean', true],
  ];

  it.each(BAD_LOCATIONS)('refuses a location %s (400 naming location) on both addresses, changing nothing', async (_, location) => {
    await patchInfo(ctx.storeB.storeId!, ctx.admin, { location: MUMBAI });
    for (const res of [
      await patchInfo(ctx.storeB.storeId!, ctx.storeB, { location, name: 'Not renamed' }),
      await patchAsAdmin(ctx.storeB.storeId!, ctx.admin, { location, vendor_id: ctx.vendorA.vendorId }),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['location']);
    }
    expect(await storedPin(ctx.storeB.storeId!)).toEqual(MUMBAI);
    expect(await read(ctx.storeB.storeId!, ctx.admin)).toMatchObject({ name: expect.not.stringMatching('Not renamed'), vendor: { id: ctx.vendorB.vendorId } });
  });

  describe('PATCH /stores/{id} (admin)', () => {
    it('sets the pin alone, leaving the vendor', async () => {
      const res = await patchAsAdmin(ctx.storeB.storeId!, ctx.admin, { location: PUNE });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: ctx.storeB.storeId, location: PUNE, vendor_id: ctx.vendorB.vendorId });
    });

    it('assigns the vendor alone, leaving the pin', async () => {
      const res = await patchAsAdmin(ctx.storeB.storeId!, ctx.admin, { vendor_id: ctx.vendorB.vendorId });
      expect(res.json()).toMatchObject({ location: PUNE, vendor_id: ctx.vendorB.vendorId });
    });

    it('does both at once, and null removes the pin', async () => {
      const both = await patchAsAdmin(ctx.storeB.storeId!, ctx.admin, { vendor_id: ctx.vendorB.vendorId, location: MUMBAI });
      expect(both.json()).toMatchObject({ location: MUMBAI, vendor_id: ctx.vendorB.vendorId });
      expect((await patchAsAdmin(ctx.storeB.storeId!, ctx.admin, { location: null })).json().location).toBeNull();
      expect(await storedPin(ctx.storeB.storeId!)).toEqual({ lat: null, lng: null });
    });

    it('needs one of vendor_id and location', async () => {
      expect((await patchAsAdmin(ctx.storeB.storeId!, ctx.admin, {})).statusCode).toBe(400);
    });

    it('is for admins only, and an unknown store is 404', async () => {
      expect((await patchAsAdmin(ctx.storeB.storeId!, ctx.vendorB, { location: PUNE })).statusCode).toBe(403);
      expect((await patchAsAdmin(ctx.storeB.storeId!, ctx.storeB, { location: PUNE })).statusCode).toBe(403);
      expect((await patchAsAdmin(2_000_000_000, ctx.admin, { location: PUNE })).statusCode).toBe(404);
    });

    it('leaves the pin when the vendor does not exist (404 naming vendor_id)', async () => {
      await patchAsAdmin(ctx.storeB.storeId!, ctx.admin, { location: MUMBAI });
      const res = await patchAsAdmin(ctx.storeB.storeId!, ctx.admin, { vendor_id: 2_000_000_000, location: PUNE });
      expect(res.statusCode).toBe(404);
      expect(Object.keys(res.json().errors)).toEqual(['vendor_id']);
      expect(await storedPin(ctx.storeB.storeId!)).toEqual(MUMBAI);
    });
  });

  it('refuses a half pin in the database itself', async () => {
    await expect(ctx.db.update(stores).set({ locationLat: 18.5, locationLng: null }).where(eq(stores.id, ctx.storeB.storeId!))).rejects.toThrow();
  });
});
