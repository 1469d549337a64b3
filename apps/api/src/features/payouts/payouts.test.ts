import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import { fundWallet, moneyApi } from '../../test/money-test-kit';

describe.each(TEST_DB_KINDS)('payouts on %s', (kind) => {
  let ctx: TestContext;
  let api: ReturnType<typeof moneyApi>;
  let admin: TestMember;
  let vendor: TestMember;
  let otherVendor: TestMember;
  let driver: TestMember;
  let store: TestMember;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    api = moneyApi(ctx);
    const f = ctx.factories;
    admin = await f.createMember('admin');
    vendor = await f.createMember('vendor');
    otherVendor = await f.createMember('vendor');
    driver = await f.createMember('driver');
    store = await f.createMember('store', { vendorId: vendor.vendorId });
    await fundWallet(ctx, 'vendor', vendor.vendorId!, 100_000);
    await fundWallet(ctx, 'vendor', otherVendor.vendorId!, 50_000);
    await fundWallet(ctx, 'driver', driver.driverId!, 20_000);
  });
  afterAll(async () => ctx?.close());

  it('requests, and holds the amount out of available until decided', async () => {
    const res = await api.request(vendor, { amount: 250.5, note: 'Weekly' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      status: 'requested',
      amount: 250.5,
      vendor_id: vendor.vendorId,
      driver_id: null,
      payee_name: expect.stringMatching(/^Vendor /),
      note: 'Weekly',
      reference: null,
      reason: null,
      created_at: expect.any(String),
      decided_at: null,
    });
    expect(await api.wallet(vendor)).toMatchObject({ balance: 1000, available: 749.5 });
    // Cancelled: available again, and no entry was written.
    const cancelled = await api.decide(vendor, res.json().id, 'cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', decided_at: expect.any(String) });
    expect(await api.wallet(vendor)).toMatchObject({ balance: 1000, available: 1000 });
    expect((await api.decide(vendor, res.json().id, 'cancel')).statusCode).toBe(409);
  });

  it('pays with a reference: one payout entry debits the ledger, and the requester is told', async () => {
    const id = (await api.request(vendor, { amount: 100 })).json().id;
    const paid = await api.decide(admin, id, 'approve', { reference: 'UTR123456' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', reference: 'UTR123456' });
    expect(await api.wallet(vendor)).toMatchObject({ balance: 900, available: 900 });
    const entries = (await api.get(vendor, '/wallets/transactions')).json();
    expect(entries[0]).toMatchObject({ kind: 'payout', amount: -100, balance_after: 900, payout_id: id, order_id: null });
    // A second decision finds it decided.
    expect((await api.decide(admin, id, 'reject', { reason: 'late' })).statusCode).toBe(409);
    expect((await api.decide(admin, id, 'approve', { reference: 'again' })).statusCode).toBe(409);
    const notes = (await api.get(vendor, '/notifications')).json();
    expect(JSON.stringify(notes)).toContain('UTR123456');
  });

  it('rejects with a reason, giving the amount back to available', async () => {
    const id = (await api.request(driver, { amount: 50 })).json().id;
    expect(await api.wallet(driver)).toMatchObject({ balance: 200, available: 150 });
    const res = await api.decide(admin, id, 'reject', { reason: 'Bank details missing' });
    expect(res.json()).toMatchObject({ status: 'rejected', reason: 'Bank details missing', driver_id: driver.driverId, vendor_id: null });
    expect(await api.wallet(driver)).toMatchObject({ balance: 200, available: 200 });
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    for (const amount of [0, -1, 1.005, 'abc', null, 1e21]) {
      const res = await api.request(vendor, { amount });
      expect(res.statusCode, `${amount}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().errors ?? {})).toContain('amount');
    }
    const tooMuch = await api.request(vendor, { amount: 900.01 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors).toHaveProperty('amount');
    expect((await api.request(vendor, { amount: 1, extra: true })).statusCode).toBe(400);
    expect((await api.request(vendor, { amount: 1, note: 'x'.repeat(501) })).json().errors).toHaveProperty('note');
    const anyId = (await api.request(vendor, { amount: 1 })).json().id;
    expect((await api.decide(admin, anyId, 'approve', {})).json().errors).toHaveProperty('reference');
    expect((await api.decide(admin, anyId, 'reject', { reason: '  ' })).json().errors).toHaveProperty('reason');
    expect((await api.decide(vendor, anyId, 'cancel')).statusCode).toBe(200);
    expect((await api.get(admin, '/payouts?status=maybe')).statusCode).toBe(400);
    expect((await api.get(admin, '/payouts?colour=red')).statusCode).toBe(400);
    expect((await api.decide(admin, 99_999_999_999, 'approve', { reference: 'x' })).statusCode).toBe(400);
    expect(await api.wallet(vendor)).toMatchObject({ balance: 900, available: 900 });
  });

  it('answers a retried Idempotency-Key with the same payout, and another body with 409', async () => {
    const key = `key-${Math.random()}`;
    const first = await api.request(vendor, { amount: 10 }, key);
    const again = await api.request(vendor, { amount: 10 }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await api.wallet(vendor)).toMatchObject({ available: 890 });
    const other = await api.request(vendor, { amount: 11 }, key);
    expect(other.statusCode).toBe(409);
    // Keys belong to their member: another vendor's same key is a new request.
    expect((await api.request(otherVendor, { amount: 10 }, key)).statusCode).toBe(201);
    expect((await api.request(vendor, { amount: 1 }, 'k'.repeat(256))).statusCode).toBe(400);
    await api.decide(vendor, first.json().id, 'cancel');
  });

  it('keeps every vendor to its own payouts: another\'s is 404, lists show only its own', async () => {
    const mine = (await api.request(otherVendor, { amount: 5 })).json();
    expect((await api.decide(vendor, mine.id, 'cancel')).statusCode).toBe(404);
    expect((await api.decide(driver, mine.id, 'cancel')).statusCode).toBe(404);
    expect((await api.decide(vendor, mine.id, 'approve', { reference: 'x' })).statusCode).toBe(403);
    const list = (await api.get(vendor, '/payouts/')).json() as Array<{ vendor_id: number }>;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p) => p.vendor_id === vendor.vendorId)).toBe(true);
    expect((await api.get(vendor, `/payouts?vendor_id=${otherVendor.vendorId}`)).json()).toEqual([]);
    const all = await api.get(admin, `/payouts?status=requested&vendor_id=${otherVendor.vendorId}`);
    expect(all.json().map((p: { id: number }) => p.id)).toContain(mine.id);
    expect(all.headers['x-total-count']).toBeDefined();
    expect((await api.request(store, { amount: 1 })).statusCode).toBe(403);
    expect((await api.request(admin, { amount: 1 })).statusCode).toBe(403);
    expect((await api.get(store, '/payouts')).statusCode).toBe(403);
  });
});

// Row locks only mean something between real connections: these races run on PostgreSQL.
describe.runIf(TEST_DB_KINDS.includes('postgres'))('payout races on postgres', () => {
  let ctx: TestContext;
  let api: ReturnType<typeof moneyApi>;
  let admin: TestMember;
  let vendor: TestMember;

  beforeAll(async () => {
    ctx = await createTestApp('postgres');
    api = moneyApi(ctx);
    admin = await ctx.factories.createMember('admin');
    vendor = await ctx.factories.createMember('vendor');
    await fundWallet(ctx, 'vendor', vendor.vendorId!, 100_000);
  });
  afterAll(async () => ctx?.close());

  it('never lets concurrent requests together exceed available', async () => {
    // 12 requests of 100 against 1000 available: exactly 10 fit.
    const answers = await Promise.all(Array.from({ length: 12 }, () => api.request(vendor, { amount: 100 })));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 400)).toHaveLength(2);
    expect(await api.wallet(vendor)).toMatchObject({ balance: 1000, available: 0 });
  });

  it('gives concurrent decisions one winner; the rest get 409', async () => {
    const requested = (await api.get(admin, `/payouts?status=requested&vendor_id=${vendor.vendorId}`)).json() as Array<{ id: number }>;
    const id = requested[0]!.id;
    const answers = await Promise.all([
      api.decide(admin, id, 'approve', { reference: 'A' }),
      api.decide(admin, id, 'approve', { reference: 'B' }),
      api.decide(admin, id, 'reject', { reason: 'no' }),
      api.decide(vendor, id, 'cancel'),
    ]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(3);
    const entries = (await api.get(vendor, '/wallets/transactions')).json() as Array<{ payout_id: number | null }>;
    expect(entries.filter((e) => e.payout_id === id).length).toBeLessThanOrEqual(1);
  });

  it('answers racing retries of one Idempotency-Key with one payout', async () => {
    await fundWallet(ctx, 'vendor', vendor.vendorId!, 1_000);
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.request(vendor, { amount: 2 }, 'race-key')));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
  });
});
