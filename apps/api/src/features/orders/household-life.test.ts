import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineAmountPaise } from '@app/shared/money';
import { HOME_CITY_WITH_OPEN_PICKUPS, HOME_PIN_KEPT, UPI_REFERENCE_MESSAGE } from '@app/shared/schemas/households';
import { buildApp, type App } from '../../app';
import { mailQueue } from '../../db/tables/live.table';
import { members } from '../../db/tables/members.table';
import { stores } from '../../db/tables/partners.table';
import { cityRates } from '../../db/tables/materials.table';
import { walletEntries } from '../../db/tables/wallets.table';
import { smsSettled } from '../../sms/sms-runner';
import type { TestMember } from '../../test/factories';
import { codeOf, newPhone, sentSmsTo, waitForOutboxSms } from '../../test/phones';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';
import { HANDOVER_MESSAGES } from './handover-code';
import { addLoadPhoto, createWorld, handoverCodeOf, ordersApi, putOrderSettings, weighed, type OrdersApi, type World } from './orders-test-kit';
import { databaseNow } from './orders-repository';
import { istDay } from '@app/shared/india-time';

// The sign-in code routes' answers, as a client reads them (features/auth/sign-in-codes.ts).
const CODE_MESSAGES = {
  noAccount: 'There is no account for this number. Sign up first.',
  none: 'There is no code for this number. Ask for a new code.',
};

// design.md section 21, a household's life: it signs up with a code by SMS, books a pickup in
// a slot, the driver weighs it, and the household is paid at the door: with the code its SMS
// carries when it has no phone at hand, by approving on its phone, or after calling the admin.

const W = 10_000_000;
const LIMITS = `otp_request.phone=5/${W},otp_request.address=20/${W},otp_verify.address=1000/${W}`;
const AFTERNOON = { from: '14:00', to: '17:00' };
const PIN = { lat: 19.1, lng: 72.9 };
const UPI_REF = '412345678901';

describe.each(TEST_DB_KINDS)('a household\'s life on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let api: OrdersApi;
  let dataDir: string;
  /** The household signed up by the first test. */
  let me: TestMember;
  let phone: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-household-'));
    ctx = await createTestApp(kind, { config: { DATA_DIR: dataDir, RATE_LIMITS: LIMITS } });
    world = await createWorld(ctx);
    api = ordersApi(ctx);
    await putOrderSettings(ctx, world.admin, { pickup_slots: [AFTERNOON], slot_days_ahead: 2 });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload });
  const b2cRate = async (materialId: number) => {
    const [row] = await ctx.db
      .select({ rate: cityRates.ratePaise })
      .from(cityRates)
      .where(and(eq(cityRates.cityId, world.cityA), eq(cityRates.materialId, materialId), eq(cityRates.rateType, 'b2c')));
    return row!.rate;
  };

  it('signs up with a code by SMS: name, city, address and pin, no approval queue', async () => {
    phone = newPhone();
    expect((await post('/auth/otp/request', { phone, sign_up: true })).statusCode).toBe(202);
    const code = codeOf((await waitForOutboxSms(dataDir, phone)).text);
    await smsSettled(ctx.app);

    // A right code of nobody's number: sign up first; the code stays good for it.
    const bare = await post('/auth/otp/verify', { phone, code });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors).toEqual({ code: [CODE_MESSAGES.noAccount] });
    // Bad sign-up fields are named, before the code is tried.
    const noName = await post('/auth/otp/verify', { phone, code, sign_up: { name: ' ', city_id: world.cityA, address: '12 Lake Road', location: PIN } });
    expect(noName.statusCode).toBe(400);
    expect(Object.keys(noName.json().errors)).toEqual(['sign_up.name']);
    const noCity = await post('/auth/otp/verify', { phone, code, sign_up: { name: 'Asha Patil', city_id: 99_999, address: '12 Lake Road', location: PIN } });
    expect(noCity.statusCode).toBe(400);
    expect(Object.keys(noCity.json().errors)).toEqual(['sign_up.city_id']);
    // A home without its pin, or with one outside India, is no home a driver can find.
    for (const location of [undefined, null, { lat: 51.5, lng: -0.12 }]) {
      const noPin = await post('/auth/otp/verify', { phone, code, sign_up: { name: 'Asha Patil', city_id: world.cityA, address: '12 Lake Road', location } });
      expect(noPin.statusCode).toBe(400);
      expect(Object.keys(noPin.json().errors)).toEqual(['sign_up.location']);
    }

    const signedUp = await post('/auth/otp/verify', { phone, code, sign_up: { name: 'Asha Patil', city_id: world.cityA, address: '12 Lake Road', location: PIN } });
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    const headers = { authorization: `Bearer ${signedUp.json().access_token}` };
    const self = await ctx.app.inject({ method: 'GET', url: `/members/${encodeURIComponent(phone)}`, headers });
    expect(self.statusCode, self.body).toBe(200);
    expect(self.json()).toMatchObject({ login_id: phone, role: 'household', is_verified: true, approval_status: 'approved', vendor_id: null });
    const home = await ctx.app.inject({ method: 'GET', url: '/households/me', headers });
    expect(home.json()).toEqual({ id: self.json().store_id, name: 'Asha Patil', phone, city_id: world.cityA, address: '12 Lake Road', location: PIN });
    me = { id: self.json().id, loginId: phone, role: 'household', token: signedUp.json().access_token, headers, vendorId: null, storeId: self.json().store_id, driverId: null, cityId: world.cityA, phone };

    // The code is spent: a second sign-up with it creates nobody.
    const again = await post('/auth/otp/verify', { phone, code, sign_up: { name: 'Someone Else', city_id: world.cityA, address: '1 Other Road', location: PIN } });
    expect(again.json().errors).toEqual({ code: [CODE_MESSAGES.none] });
    // Later it signs in with a code as any member does.
    await ctx.db.execute(sql`update sign_in_codes set requested_at = requested_at - interval '31 seconds'`);
    expect((await post('/auth/otp/request', { phone })).statusCode).toBe(202);
    const next = codeOf((await waitForOutboxSms(dataDir, phone, 1)).text);
    const signedIn = await post('/auth/otp/verify', { phone, code: next, sign_up: { name: 'Ignored', city_id: world.cityA, address: 'Ignored', location: PIN } });
    expect(signedIn.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/households/me', headers: { authorization: `Bearer ${signedIn.json().access_token}` } })).json().name).toBe('Asha Patil');
  });

  it('changes its name, address and pin; a pin is moved, never removed; a move of city waits for its open pickups', async () => {
    const res = await ctx.app.inject({ method: 'PATCH', url: '/households/me', headers: me.headers, payload: { name: 'Asha P.', address: '14 Lake Road', location: { lat: 19.2, lng: 72.95 } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Asha P.', address: '14 Lake Road', location: { lat: 19.2, lng: 72.95 } });
    const unpin = await ctx.app.inject({ method: 'PATCH', url: '/households/me', headers: me.headers, payload: { location: null } });
    expect(unpin.statusCode).toBe(400);
    expect(unpin.json().errors).toEqual({ location: [HOME_PIN_KEPT] });
    const unpinByBooking = await api.create(me, { details: [{ material_id: world.materialIds[0]!, weight: 5 }], location: null });
    expect(unpinByBooking.statusCode).toBe(400);
    expect(unpinByBooking.json().errors).toEqual({ location: [HOME_PIN_KEPT] });
    expect((await ctx.app.inject({ method: 'GET', url: '/households/me', headers: me.headers })).json().location).toEqual({ lat: 19.2, lng: 72.95 });

    // An open pickup keeps its city's drivers: no move until it is done or cancelled.
    const open = await api.create(me, { details: [{ material_id: world.materialIds[0]!, weight: 5 }] });
    expect(open.statusCode, open.body).toBe(201);
    const move = () => ctx.app.inject({ method: 'PATCH', url: '/households/me', headers: me.headers, payload: { city_id: world.cityB } });
    const refused = await move();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ city_id: [HOME_CITY_WITH_OPEN_PICKUPS] });
    expect((await ctx.app.inject({ method: 'GET', url: '/households/me', headers: me.headers })).json().city_id).toBe(world.cityA);
    expect((await api.act(me, 'cancel', open.json().id)).statusCode).toBe(200);
    const moved = await move();
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().city_id).toBe(world.cityB);
    // And back, for the tests after.
    expect((await ctx.app.inject({ method: 'PATCH', url: '/households/me', headers: me.headers, payload: { city_id: world.cityA } })).statusCode).toBe(200);
    const bad = await ctx.app.inject({ method: 'PATCH', url: '/households/me', headers: me.headers, payload: { city_id: 99_999 } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['city_id']);
  });

  /** Books a pickup and drives it to waiting_store; answers the order as the driver's weighing left it. */
  async function weighedPickup(weights: [number, number]) {
    const [paper, iron] = world.materialIds as [number, number];
    const created = await api.create(me, { details: [{ material_id: paper, weight: 5 }, { material_id: iron, weight: 10 }] });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json();
    for (const action of ['accepted', 'moving', 'arrived'] as const) expect((await api.act(world.driver, action, order.id)).statusCode).toBe(200);
    await addLoadPhoto(ctx, world.driver, order.id);
    const res = await api.act(world.driver, 'waiting_store', order.id, weighed(order, weights));
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it('books a pickup in a slot at the address and pin it gives, priced at the b2c rate', async () => {
    const [paper, iron] = world.materialIds as [number, number];
    const tomorrow = new Date(Date.parse(`${istDay(await databaseNow(ctx.db))}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const slot = { date: tomorrow, ...AFTERNOON };
    const created = await api.create(me, { details: [{ material_id: paper, weight: 5 }, { material_id: iron }], pickup_slot: slot, address: '3 Hill View', location: PIN });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json();
    expect(order).toMatchObject({
      customer_kind: 'household',
      vendor_id: null,
      pickup_slot: slot,
      store: { id: me.storeId, name: 'Asha P.', address: '3 Hill View', phone, location: PIN, vendor_id: null },
      payment: null,
      receipt: null,
    });
    const paperRate = await b2cRate(paper);
    expect(order.details[0]).toMatchObject({ rate: paperRate / 100, amount: lineAmountPaise(paperRate, 5_000) / 100 });
    expect(order.vendor_amount).toBe(lineAmountPaise(paperRate, 5_000) / 100);
    // Its home moved with the booking; the city's drivers see the pickup, marked as a household's.
    expect((await ctx.app.inject({ method: 'GET', url: '/households/me', headers: me.headers })).json()).toMatchObject({ address: '3 Hill View', location: PIN });
    const board = (await api.list(world.rivalDriver, '?status=pending')).json();
    expect(board.find((o: { id: number }) => o.id === order.id)).toMatchObject({ customer_kind: 'household', store: { phone, address: '3 Hill View' } });
  });

  it('is paid by UPI when its driver completes with the code of its SMS; wrong codes are counted', async () => {
    const order = await weighedPickup([6, 12.5]);
    const [paper, iron] = world.materialIds as [number, number];
    const amountPaise = lineAmountPaise(await b2cRate(paper), 6_000) + lineAmountPaise(await b2cRate(iron), 12_500);
    expect(order.vendor_amount).toBe(amountPaise / 100);
    expect(order.total_weight).toBe(18.5);

    // The SMS: the weight, the amount and the code.
    const sms = (await sentSmsTo(ctx, phone)).at(-1);
    expect(sms).toMatch(/the driver weighed 18\.5 kg and will pay you .+ INR\..*this code: \d{6}\./);
    const code = await handoverCodeOf(ctx, phone);
    const wrong = code === '000000' ? '000001' : '000000';

    const noCode = await api.act(world.driver, 'complete', order.id, { payment: { method: 'cash' } });
    expect(noCode.statusCode).toBe(400);
    expect(Object.keys(noCode.json().errors)).toEqual(['handover_code']);
    const bad = await api.act(world.driver, 'complete', order.id, { handover_code: wrong, payment: { method: 'upi', reference: UPI_REF } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ handover_code: [HANDOVER_MESSAGES.wrong] });
    const badRef = await api.act(world.driver, 'complete', order.id, { handover_code: code, payment: { method: 'upi', reference: '1234' } });
    expect(badRef.statusCode).toBe(400);
    expect(badRef.json().errors).toEqual({ 'payment.reference': [UPI_REFERENCE_MESSAGE] });

    const done = await api.act(world.driver, 'complete', order.id, { handover_code: code, payment: { method: 'upi', reference: UPI_REF } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', payment: { method: 'upi', reference: UPI_REF }, receipt: { number: expect.stringMatching(/^RCPT\/\d{4}-\d{2}\/\d{6}$/) } });
    // The household reads it, receipt and all, and got the receipt by SMS.
    expect((await api.get(me, order.id)).json().receipt).toEqual(done.json().receipt);
    const receiptSms = (await sentSmsTo(ctx, phone)).find((text) => text.includes(done.json().receipt.number));
    expect(receiptSms).toContain(`by UPI (reference ${UPI_REF})`);
    // Told in the app as a store is, but never by e-mail: its login id is its phone.
    const mails = await ctx.db.select().from(mailQueue).where(and(eq(mailQueue.toAddress, phone), eq(mailQueue.channel, 'mail')));
    expect(mails).toEqual([]);
  });

  it('approves on its phone and is paid in cash; a replayed approval does nothing twice', async () => {
    const order = await weighedPickup([7, 3]);
    const missing = await api.act(me, 'complete', order.id, {});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(['payment']);
    const approve = () =>
      ctx.app.inject({ method: 'PATCH', url: `/orders/complete/${order.id}/`, headers: { ...me.headers, 'idempotency-key': `approve-${order.id}` }, payload: { payment: { method: 'cash' } } });
    const first = await approve();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'completed', payment: { method: 'cash', reference: null } });
    const replay = await approve();
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const receipts = (await sentSmsTo(ctx, phone)).filter((text) => text.includes(first.json().receipt.number));
    expect(receipts).toHaveLength(1);
    const [entries] = await ctx.db.select({ n: count() }).from(walletEntries).where(eq(walletEntries.orderId, order.id));
    expect(entries!.n).toBe(2);
  });

  it('calls the admin; after the correction its driver completes, paid at the door', async () => {
    const order = await weighedPickup([9, 4]);
    const called = await api.act(me, 'waiting_admin', order.id, { reason: 'The scale read 8 kg' });
    expect(called.statusCode, called.body).toBe(200);
    expect(called.json().status).toBe('waiting_admin');
    const corrected = await api.act(world.admin, 'waiting_driver', order.id, {
      details: order.details.map((d: { id: number; material: { id: number } }, i: number) => ({ id: d.id, material_id: d.material.id, weight: [8, 4][i], amount: 0 })),
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const paperRate = await b2cRate(world.materialIds[0]!);
    expect(corrected.json().details[0]).toMatchObject({ weight: 8, rate: paperRate / 100, amount: lineAmountPaise(paperRate, 8_000) / 100 });
    const unpaid = await api.act(world.driver, 'complete', order.id);
    expect(unpaid.statusCode).toBe(400);
    expect(Object.keys(unpaid.json().errors)).toEqual(['payment']);
    const done = await api.act(world.driver, 'complete', order.id, { payment: { method: 'cash' } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().payment).toEqual({ method: 'cash', reference: null });
  });

  it('refuses a payment on a store\'s pickup, naming payment', async () => {
    const created = (await api.create(world.store, { details: [{ material_id: world.materialIds[0], weight: 5 }] })).json();
    for (const action of ['accepted', 'moving', 'arrived'] as const) await api.act(world.driver, action, created.id);
    await addLoadPhoto(ctx, world.driver, created.id);
    await api.act(world.driver, 'waiting_store', created.id, weighed(created, [5]));
    const paid = await api.act(world.store, 'complete', created.id, { payment: { method: 'cash' } });
    expect(paid.statusCode).toBe(400);
    expect(paid.json().errors).toEqual({ payment: ['Only a household\'s pickup is paid at the door'] });
    const done = await api.act(world.store, 'complete', created.id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ customer_kind: 'store', payment: null, receipt: null });
  });
});

// PGlite runs one statement at a time and would hide the race: PostgreSQL only.
describe.runIf(TEST_DB_KINDS.includes('postgres'))('households signing up at once on PostgreSQL', () => {
  let ctx: TestContext;
  let second: App;
  let dataDir: string;
  let cityId: number;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-household-race-'));
    ctx = await createTestApp('postgres', { config: { DATA_DIR: dataDir, RATE_LIMITS: LIMITS } });
    // A second API process on the same database, as behind a load balancer.
    second = await buildApp({ config: ctx.config, database: ctx.handle, signingKeys: ctx.keys, scheduler: false, pushSender: false });
    [cityId] = (await ctx.factories.cityIds()) as [number];
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates one household when two sign-ups verify one code together', async () => {
    const phone = newPhone();
    expect((await ctx.app.inject({ method: 'POST', url: '/auth/otp/request', payload: { phone, sign_up: true } })).statusCode).toBe(202);
    const code = codeOf((await waitForOutboxSms(dataDir, phone)).text);
    const signUp = (app: App, name: string) =>
      app.inject({ method: 'POST', url: '/auth/otp/verify', payload: { phone, code, sign_up: { name, city_id: cityId, address: '5 Race Street', location: PIN } } });
    const answers = await Promise.all([signUp(ctx.app, 'First'), signUp(second, 'Second'), signUp(ctx.app, 'Third'), signUp(second, 'Fourth')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.statusCode === 400)) expect(refused.json().errors).toEqual({ code: [CODE_MESSAGES.none] });
    const [row] = await ctx.db.select({ n: count() }).from(members).where(eq(members.phone, phone));
    expect(row!.n).toBe(1);
    const homes = await ctx.db.select({ id: stores.id }).from(stores).where(eq(stores.phone, phone));
    expect(homes).toHaveLength(1);
  });
});
