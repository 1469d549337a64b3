import { and, eq, sql } from 'drizzle-orm';
import { formatCurrency } from '@app/shared/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { orders } from '../../db/tables/orders.table';
import { walletEntries } from '../../db/tables/wallets.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';
import { HANDOVER_MAX_ATTEMPTS, HANDOVER_MESSAGES } from './handover-code';
import { mailQueue } from '../../db/tables/live.table';
import { settings } from '../../db/tables/settings.table';
import { addLoadPhoto, CASH, createWorld, handoverCodeOf, orderInStatus, ordersApi, weighed, type OrdersApi, type World } from './orders-test-kit';

// design.md section 21: the driver completes a household's pickup with the code of the
// household's SMS when the household has no phone at hand. 5 wrong tries end the code, and
// no number of guesses at once gets more than 5 compared.

const wrongFor = (code: string) => (code === '000000' ? '000001' : '000000');

describe.each(TEST_DB_KINDS)('the handover code on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let api: OrdersApi;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    world = await createWorld(ctx);
    api = ordersApi(ctx);
  }, 120_000);
  afterAll(async () => ctx?.close());

  const tryCode = (id: number, code: string) => api.act(world.driver, 'complete', id, { ...CASH, handover_code: code });
  const attempts = async (id: number) => (await ctx.db.select({ n: orders.handoverAttempts }).from(orders).where(eq(orders.id, id)))[0]!.n;

  it('ends the code at the fifth wrong try: then even the right one is refused, and the household may still approve', async () => {
    const id = await orderInStatus(ctx, world, 'waiting_store', 'household');
    const code = await handoverCodeOf(ctx, world.household.phone!);
    for (let i = 1; i < HANDOVER_MAX_ATTEMPTS; i++) {
      const res = await tryCode(id, wrongFor(code));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ handover_code: [HANDOVER_MESSAGES.wrong] });
      // Counted, though the completion it belonged to was rolled back.
      expect(await attempts(id)).toBe(i);
    }
    const fifth = await tryCode(id, wrongFor(code));
    expect(fifth.json().errors).toEqual({ handover_code: ['The code was entered wrongly 5 times. Ask the household to approve on its phone, or call admin.'] });
    const right = await tryCode(id, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().errors).toEqual({ handover_code: [HANDOVER_MESSAGES.tooManyWrong] });
    expect(await attempts(id)).toBe(HANDOVER_MAX_ATTEMPTS);
    expect((await api.get(world.admin, id)).json().status).toBe('waiting_store');

    const approved = await api.act(world.household, 'complete', id, CASH);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('completed');
  });

  it('takes the right code once, and ends it with the pickup', async () => {
    const id = await orderInStatus(ctx, world, 'waiting_store', 'household');
    const code = await handoverCodeOf(ctx, world.household.phone!);
    const done = await tryCode(id, code);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', payment: { method: 'cash', reference: null } });
    const [row] = await ctx.db.select({ hash: orders.handoverCodeHash, expires: orders.handoverExpiresAt }).from(orders).where(eq(orders.id, id));
    expect(row).toEqual({ hash: null, expires: null });
    expect((await tryCode(id, code)).statusCode).toBe(409);
  });

  it('refuses a code past its two hours, and a code for another driver\'s pickup is no one\'s to try', async () => {
    const id = await orderInStatus(ctx, world, 'waiting_store', 'household');
    const code = await handoverCodeOf(ctx, world.household.phone!);
    expect((await api.act(world.rivalDriver, 'complete', id, { ...CASH, handover_code: code })).statusCode).toBe(404);
    expect(await attempts(id)).toBe(0);
    await ctx.db.execute(sql`update orders set handover_expires_at = now() - interval '1 second' where id = ${id}`);
    const late = await tryCode(id, code);
    expect(late.statusCode).toBe(400);
    expect(late.json().errors).toEqual({ handover_code: [HANDOVER_MESSAGES.expired] });
  });

  it('texts the household in its language: what was weighed, what it is paid, and the code', async () => {
    const household = await ctx.factories.createMember('household', { cityId: world.cityA });
    await ctx.db.insert(settings).values({ key: `notification:${household.id}`, value: { language: 'hi' } });
    const created = (await api.create(household, { details: [{ material_id: world.materialIds[0], weight: 5 }] })).json();
    for (const action of ['accepted', 'moving', 'arrived'] as const) expect((await api.act(world.driver, action, created.id)).statusCode).toBe(200);
    await addLoadPhoto(ctx, world.driver, created.id);
    const weighedOrder = (await api.act(world.driver, 'waiting_store', created.id, weighed(created, [4.5]))).json();
    const [sms] = await ctx.db.select().from(mailQueue).where(and(eq(mailQueue.toAddress, household.phone!), eq(mailQueue.subject, 'handover_hi')));
    expect(sms!.body).toContain('4.5 किलो');
    expect(sms!.body).toContain(formatCurrency(weighedOrder.vendor_amount, 'hi'));
    expect(sms!.body).toMatch(/यह कोड दें: \d{6}।/);
    const code = await handoverCodeOf(ctx, household.phone!);
    expect((await tryCode(created.id, code)).statusCode).toBe(200);
  });

  it('is asked of a driver completing from waiting_store, and never of a store\'s pickup', async () => {
    const id = await orderInStatus(ctx, world, 'waiting_store', 'household');
    const none = await api.act(world.driver, 'complete', id, CASH);
    expect(none.json().errors).toEqual({ handover_code: [HANDOVER_MESSAGES.missing] });
    const unpaid = await api.act(world.driver, 'complete', id, { handover_code: '123456' });
    expect(Object.keys(unpaid.json().errors)).toEqual(['payment']);
    expect(await attempts(id)).toBe(0);
    // A store's pickup in waiting_store is the store's to approve: the driver's complete is 409 there.
    const storeOrder = await orderInStatus(ctx, world, 'waiting_store');
    expect((await tryCode(storeOrder, '123456')).statusCode).toBe(409);
  });
});

// PGlite runs one statement at a time and would hide the race: PostgreSQL only.
describe.runIf(TEST_DB_KINDS.includes('postgres'))('handover guesses at once on PostgreSQL', () => {
  let ctx: TestContext;
  let second: App;
  let world: World;
  beforeAll(async () => {
    ctx = await createTestApp('postgres');
    // A second API process on the same database, as behind a load balancer.
    second = await buildApp({ config: ctx.config, database: ctx.handle, signingKeys: ctx.keys });
    world = await createWorld(ctx);
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
  });

  const guess = (app: App, id: number, code: string) =>
    app.inject({ method: 'PATCH', url: `/orders/complete/${id}/`, headers: world.driver.headers, payload: { ...CASH, handover_code: code } });

  it('compares no more than five of ten wrong guesses arriving together on two processes', async () => {
    const id = await orderInStatus(ctx, world, 'waiting_store', 'household');
    const code = await handoverCodeOf(ctx, world.household.phone!);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => guess(i % 2 ? second : ctx.app, id, wrongFor(code))));
    const messages = answers.map((a) => a.json().errors?.handover_code?.[0]);
    expect(messages.filter((m) => m === HANDOVER_MESSAGES.wrong)).toHaveLength(HANDOVER_MAX_ATTEMPTS - 1);
    expect(messages.filter((m) => m === HANDOVER_MESSAGES.tooManyWrong)).toHaveLength(10 - (HANDOVER_MAX_ATTEMPTS - 1));
    const [row] = await ctx.db.select({ attempts: orders.handoverAttempts, status: orders.status }).from(orders).where(eq(orders.id, id));
    expect(row).toEqual({ attempts: HANDOVER_MAX_ATTEMPTS, status: 'waiting_store' });
    expect((await guess(ctx.app, id, code)).statusCode).toBe(400);
  });

  it('completes once when the right code and the household\'s approval race', async () => {
    const id = await orderInStatus(ctx, world, 'waiting_store', 'household');
    const code = await handoverCodeOf(ctx, world.household.phone!);
    const approve = (app: App) => app.inject({ method: 'PATCH', url: `/orders/complete/${id}/`, headers: world.household.headers, payload: CASH });
    const answers = await Promise.all([guess(ctx.app, id, code), guess(second, id, code), approve(ctx.app), approve(second)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const entries = await ctx.db.select({ kind: walletEntries.kind }).from(walletEntries).where(and(eq(walletEntries.orderId, id)));
    expect(entries.map((e) => e.kind).sort()).toEqual(['household_payment', 'order_credit']);
  });
});
