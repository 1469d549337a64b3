// Test helpers of the money features (not a test file itself): wallets funded through the
// ledger, payouts through the API, and orders of known materials driven to completion, so
// every figure of an invoice or a report can be worked by hand.
import { expect } from 'vitest';
import type { TestContext } from './test-app';
import type { TestMember } from './factories';
import { appendEntry, lockWallet, type WalletOwnerType } from '../money/ledger';
import { addLoadPhoto, ordersApi, weighed, type World } from '../features/orders/orders-test-kit';

export { createWorld, orderInStatus, putCompanyInformation, TEST_COMPANY, useOrdersWorld, type World } from '../features/orders/orders-test-kit';

/** Puts money in a wallet as an `adjustment` entry (what an admin's correction would write), through the ledger. */
export async function fundWallet(ctx: TestContext, type: WalletOwnerType, ownerId: number, paise: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await appendEntry(tx, await lockWallet(tx, type, ownerId), { kind: 'adjustment', amountPaise: paise });
  });
}

export function moneyApi(ctx: TestContext) {
  return {
    request: (as: TestMember, payload: unknown, key?: string) =>
      ctx.app.inject({ method: 'POST', url: '/payouts/', headers: { ...as.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) }, payload: payload as object }),
    decide: (as: TestMember, id: number, action: 'approve' | 'reject' | 'cancel', payload: unknown = {}) =>
      ctx.app.inject({ method: 'PATCH', url: `/payouts/${id}/${action}/`, headers: as.headers, payload: payload as object }),
    get: (as: TestMember, url: string) => ctx.app.inject({ method: 'GET', url, headers: as.headers }),
    /** The caller's own wallet or earnings: balance and available in rupees. */
    async wallet(as: TestMember): Promise<{ balance: number; available: number }> {
      const res = await ctx.app.inject({ method: 'GET', url: as.role === 'driver' ? '/wallets/driver-earnings' : '/wallets/', headers: as.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json()[0];
    },
  };
}

/** GSTINs with valid check characters: Maharashtra (27) and Karnataka (29). */
export const GSTIN_MH = '27AAPFU0939F1ZV';
export const GSTIN_KA = '29AAGCB7383J1Z4';

/** Two materials with rates that make the tax easy to follow: 123.45/kg at 18% and 10.10/kg at 5%. */
export async function createTaxMaterials(ctx: TestContext, admin: TestMember): Promise<[number, number]> {
  const ids: number[] = [];
  for (const body of [
    { name: `Test Copper ${Math.random().toString(16).slice(2, 8)}`, vendor_rate: 123.45, driver_rate: 5, b2c_rate: 130, hsn_code: '7404', gst_rate: 18 },
    { name: `Test Paper ${Math.random().toString(16).slice(2, 8)}`, vendor_rate: 10.1, driver_rate: 1, b2c_rate: 12.5, hsn_code: '470730', gst_rate: 5 },
  ]) {
    const res = await ctx.app.inject({ method: 'POST', url: '/materials/', headers: admin.headers, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().id);
  }
  return ids as [number, number];
}

export async function setCompany(ctx: TestContext, admin: TestMember, gstin: string, prefix?: string): Promise<void> {
  const payload = { name: 'Kabadi Traders', address: '1 Market Road, Mumbai', phone: '', email: '', gstin, ...(prefix ? { invoice_prefix: prefix } : {}) };
  const res = await ctx.app.inject({ method: 'PUT', url: '/settings/information', headers: admin.headers, payload });
  expect(res.statusCode, res.body).toBe(200);
}

export async function setVendorGstin(ctx: TestContext, admin: TestMember, vendorId: number, gstin: string | null) {
  return ctx.app.inject({ method: 'PATCH', url: `/vendors/${vendorId}/`, headers: admin.headers, payload: { gstin } });
}

/** An order of the two materials, weighed at 10.5 kg and 3 kg, completed by the store. */
export async function completedOrder(ctx: TestContext, world: World, materialIds: readonly number[], weights: number[] = [10.5, 3]): Promise<number> {
  const api = ordersApi(ctx);
  const created = await api.create(world.store, { details: materialIds.map((id) => ({ material_id: id })) });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json();
  for (const action of ['accepted', 'moving', 'arrived'] as const) expect((await api.act(world.driver, action, order.id)).statusCode).toBe(200);
  await addLoadPhoto(ctx, world.driver, order.id);
  const weighedRes = await api.act(world.driver, 'waiting_store', order.id, weighed(order, weights));
  expect(weighedRes.statusCode, weighedRes.body).toBe(200);
  const done = await api.act(world.store, 'complete', order.id);
  expect(done.statusCode, done.body).toBe(200);
  return order.id;
}
