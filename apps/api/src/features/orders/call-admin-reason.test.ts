import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_ADMIN_REASON_MAX } from '@app/shared/schemas/orders';
import { notifications } from '../../db/tables/escalations.table';
import { mailQueue } from '../../db/tables/live.table';
import { orderEvents, orders } from '../../db/tables/orders.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';
import { createWorld, orderInStatus, type World } from './orders-test-kit';

// Decision 031: the store's "Call admin" (PATCH /orders/waiting_admin/{id}/) takes no payload,
// as the spec sends it, or `{reason}`, which the order's history and the admins'
// notification (in-app and mail) carry.

describe.each(TEST_DB_KINDS)('the store calls the admin, with or without a reason, on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    world = await createWorld(ctx);
  }, 120_000);
  afterAll(async () => ctx?.close());

  const number = (id: number) => `#${String(id).padStart(8, '0')}`;
  const adminNotesAbout = async (id: number) =>
    (await ctx.db.select().from(notifications).where(eq(notifications.memberId, world.admin.id))).filter((n) => n.title.includes(number(id)));
  const adminMailsAbout = async (id: number) => (await ctx.db.select().from(mailQueue).where(eq(mailQueue.toAddress, world.admin.loginId))).filter((m) => m.subject.includes(number(id)));
  const snapshot = async (id: number) => ({
    row: (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0],
    events: (await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, id))).length,
    notes: (await adminNotesAbout(id)).length,
  });
  const call = (id: number, payload?: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'PATCH', url: `/orders/waiting_admin/${id}/`, headers: { ...world.store.headers, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('still works with no payload at all, or an empty JSON body, as the spec sends it', async () => {
    const id = await orderInStatus(ctx, world, 'waiting_store');
    const res = await call(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('waiting_admin');
    expect(res.json().events.at(-1)).toMatchObject({ action: 'waiting_admin', reason: null });
    const [note] = await adminNotesAbout(id);
    expect(note?.body).toMatch(/does not agree with the weighed lines of order .*\. Check and correct them\.$/);

    const other = await orderInStatus(ctx, world, 'waiting_store');
    const empty = await ctx.app.inject({ method: 'PATCH', url: `/orders/waiting_admin/${other}/`, headers: { ...world.store.headers, 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode, empty.body).toBe(200);
    const braces = await orderInStatus(ctx, world, 'waiting_store');
    expect((await call(braces, {})).statusCode).toBe(200);
  });

  it('puts the reason, trimmed, into the history and the admins\' notification and mail', async () => {
    const id = await orderInStatus(ctx, world, 'waiting_store');
    const res = await call(id, { reason: '  Weight is wrong: the iron was 40 kg on our scale  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('waiting_admin');
    expect(res.json().events.at(-1)).toMatchObject({ action: 'waiting_admin', reason: 'Weight is wrong: the iron was 40 kg on our scale', actor: { role: 'store' } });

    const notes = await adminNotesAbout(id);
    expect(notes).toEqual([
      expect.objectContaining({
        body: expect.stringContaining('The store says: Weight is wrong: the iron was 40 kg on our scale'),
        link: `/Admin/Orders/OrderDetail?id=${id}`,
      }),
    ]);
    const mails = await adminMailsAbout(id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('The store says: Weight is wrong: the iron was 40 kg on our scale');
    // The store that called is not told what it just did.
    expect((await ctx.db.select().from(notifications).where(eq(notifications.memberId, world.store.id))).filter((n) => n.title.includes('called the admin'))).toEqual([]);
  });

  it(`takes a reason of exactly ${CALL_ADMIN_REASON_MAX} characters`, async () => {
    const id = await orderInStatus(ctx, world, 'waiting_store');
    const res = await call(id, { reason: 'w'.repeat(CALL_ADMIN_REASON_MAX) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().events.at(-1).reason).toHaveLength(CALL_ADMIN_REASON_MAX);
  });

  it.each([
    ['501 characters', { reason: 'w'.repeat(CALL_ADMIN_REASON_MAX + 1) }, `A reason may have at most ${CALL_ADMIN_REASON_MAX} characters`],
    ['a number', { reason: 42 }, 'Say what is wrong'],
    ['null', { reason: null }, 'Say what is wrong'],
    ['only spaces', { reason: '   ' }, 'Say what is wrong'],
  ])('refuses a reason of %s with 400 naming reason, and changes nothing', async (_label, payload, message) => {
    const id = await orderInStatus(ctx, world, 'waiting_store');
    const before = await snapshot(id);
    const res = await call(id, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ detail: `reason: ${message}`, errors: { reason: [message] } });
    expect(await snapshot(id)).toEqual(before);
    expect(before.row!.status).toBe('waiting_store');
  });

  it('replays a repeat with the same reason under one Idempotency-Key, and refuses another reason with 409', async () => {
    const id = await orderInStatus(ctx, world, 'waiting_store');
    const key = randomUUID();
    const headers = { 'idempotency-key': key };
    const first = await call(id, { reason: 'Material is wrong' }, headers);
    expect(first.statusCode, first.body).toBe(200);
    const again = await call(id, { reason: 'Material is wrong' }, headers);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await call(id, { reason: 'Amount is wrong' }, headers);
    expect(other.statusCode).toBe(409);
    expect(other.json().detail).toBe(`This Idempotency-Key was used for PATCH /orders/waiting_admin/${id} with another body; use a new key for a new request`);
    const noBody = await call(id, undefined, headers);
    expect(noBody.statusCode).toBe(409);
    expect((await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, id))).filter((e) => e.action === 'waiting_admin')).toHaveLength(1);
    expect(await adminNotesAbout(id)).toHaveLength(1);
  });
});
