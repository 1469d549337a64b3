import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OCCURRED_AT_GRACE_MS } from '@app/shared/schemas/geo';
import type { OrderAction } from '@app/shared/order-machine';
import { orderEvents } from '../../db/tables/orders.table';
import type { TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import { istTimeOfDay } from './order-rules';
import { addLoadPhoto, orderInStatus, putOrderSettings, useOrdersWorld, weighed, type OrdersApi, type World } from './orders-test-kit';

// design.md section 18, "Steps keep the time they were done" (decision 069): a step may say
// when it was taken; the API keeps that time beside when it received the step, and refuses
// a time in the future (2 minutes' grace) or before the order's previous step.

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(TEST_DB_KINDS)('step times on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let api: OrdersApi;
  useOrdersWorld(kind, (made) => ({ ctx, world, api } = made));

  /** The order was made `minutes` ago: its history moves back, as if its phone had been offline since. */
  async function madeMinutesAgo(orderId: number, minutes: number) {
    const shift = sql`make_interval(mins => ${minutes})`;
    await ctx.db
      .update(orderEvents)
      .set({ createdAt: sql`${orderEvents.createdAt} - ${shift}`, occurredAt: sql`${orderEvents.occurredAt} - ${shift}` })
      .where(eq(orderEvents.orderId, orderId));
  }
  const pendingOrder = async (minutesAgo = 60) => {
    const id = await orderInStatus(ctx, world, 'pending');
    await madeMinutesAgo(id, minutesAgo);
    return id;
  };
  const historyOf = async (as: TestMember, id: number) => (await api.get(as, id)).json().events as Array<Record<string, unknown>>;
  const stepsOf = (id: number, action: OrderAction) =>
    ctx.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, id), eq(orderEvents.action, action)));

  it('keeps the time each step was taken and, apart, when the server received it', async () => {
    const id = await pendingOrder();
    const sentAt = Date.now();
    const times = { accepted: iso(sentAt - 50 * MINUTE), moving: iso(sentAt - 40 * MINUTE), arrived: iso(sentAt - 30 * MINUTE) };
    for (const action of ['accepted', 'moving', 'arrived'] as const) {
      const res = await api.act(world.driver, action, id, { occurred_at: times[action] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().events.at(-1)).toMatchObject({ action, occurred_at: times[action] });
    }
    const events = await historyOf(world.admin, id);
    expect(events.map((e) => e.action)).toEqual(['create', 'accepted', 'moving', 'arrived']);
    for (const event of events.slice(1)) {
      expect(event.occurred_at).toBe(times[event.action as keyof typeof times]);
      // Received now, not when it was taken.
      expect(Date.parse(event.created_at as string)).toBeGreaterThanOrEqual(sentAt - 5_000);
    }
    // Without a time, a step was taken when it was received.
    const received = await api.act(world.driver, 'issue', id, { reason: 'Gate locked' });
    expect(received.statusCode, received.body).toBe(200);
    const issue = received.json().events.at(-1);
    expect(issue.occurred_at).toBe(issue.created_at);
  });

  it('takes a time within the grace for phone clocks, and refuses one beyond it, naming occurred_at and changing nothing', async () => {
    const id = await pendingOrder();
    const ahead = await api.act(world.driver, 'accepted', id, { occurred_at: iso(Date.now() + OCCURRED_AT_GRACE_MS + MINUTE) });
    expect(ahead.statusCode, ahead.body).toBe(400);
    expect(Object.keys(ahead.json().errors)).toEqual(['occurred_at']);
    expect(ahead.json().errors.occurred_at[0]).toMatch(/future/);
    expect((await api.get(world.admin, id)).json().status).toBe('pending');
    expect(await stepsOf(id, 'accepted')).toHaveLength(0);

    const withinGrace = iso(Date.now() + OCCURRED_AT_GRACE_MS - MINUTE);
    const accepted = await api.act(world.driver, 'accepted', id, { occurred_at: withinGrace });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().events.at(-1)).toMatchObject({ action: 'accepted', occurred_at: withinGrace });
  });

  it('refuses a time before the order\'s previous step, naming occurred_at, and leaves the order as it was', async () => {
    const id = await pendingOrder();
    const acceptedAt = iso(Date.now() - 30 * MINUTE);
    expect((await api.act(world.driver, 'accepted', id, { occurred_at: acceptedAt })).statusCode).toBe(200);
    const before = await api.get(world.admin, id);

    const early = await api.act(world.driver, 'moving', id, { occurred_at: iso(Date.parse(acceptedAt) - 1) });
    expect(early.statusCode, early.body).toBe(400);
    expect(Object.keys(early.json().errors)).toEqual(['occurred_at']);
    expect(early.json().errors.occurred_at[0]).toMatch(/before the order's previous step/);
    expect((await api.get(world.admin, id)).json()).toEqual(before.json());
    expect(await stepsOf(id, 'moving')).toHaveLength(0);

    // The same instant as the previous step is not before it; another zone, the same instant.
    const sameInstant = new Date(Date.parse(acceptedAt) + 330 * MINUTE).toISOString().replace('Z', '+05:30');
    const moving = await api.act(world.driver, 'moving', id, { occurred_at: sameInstant });
    expect(moving.statusCode, moving.body).toBe(200);
    expect(moving.json().events.at(-1).occurred_at).toBe(acceptedAt);
  });

  it('refuses a first step before the order was made', async () => {
    const id = await pendingOrder(10);
    const res = await api.act(world.driver, 'accepted', id, { occurred_at: iso(Date.now() - 20 * MINUTE) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toHaveProperty('occurred_at');
    expect((await api.get(world.admin, id)).json().status).toBe('pending');
  });

  it('refuses a malformed time or an unknown field with 400, before anything changes', async () => {
    const id = await pendingOrder();
    for (const occurred_at of ['yesterday', '2026-12-06', '2026-12-06T09:30:00', '2026-02-30T10:00:00Z', '2026-12-06T25:00:00Z', 1_765_000_000_000, null]) {
      const res = await api.act(world.driver, 'accepted', id, { occurred_at });
      expect(res.statusCode, `${occurred_at}: ${res.body}`).toBe(400);
      expect(res.json().errors, String(occurred_at)).toHaveProperty('occurred_at');
    }
    const unknown = await api.act(world.driver, 'accepted', id, { occurred_at: iso(Date.now()), at: 'now' });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect((await api.get(world.admin, id)).json().status).toBe('pending');
  });

  it('keeps the time on the weighed lines, an issue and the store\'s own completion', async () => {
    const id = await orderInStatus(ctx, world, 'arrived');
    await addLoadPhoto(ctx, world.driver, id);
    const order = (await api.get(world.driver, id)).json();
    const weighedAt = iso(Date.now());
    const weighing = await api.act(world.driver, 'waiting_store', id, { ...weighed(order, [7, 2]), occurred_at: weighedAt });
    expect(weighing.statusCode, weighing.body).toBe(200);
    expect(weighing.json().events.at(-1)).toMatchObject({ action: 'waiting_store', occurred_at: weighedAt });

    // The store may say when it approved too; only the server's clock judges it.
    const ahead = await api.act(world.store, 'complete', id, { occurred_at: iso(Date.now() + OCCURRED_AT_GRACE_MS + MINUTE) });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().errors).toHaveProperty('occurred_at');
    const completedAt = iso(Math.max(Date.now(), Date.parse(weighedAt)));
    const completed = await api.act(world.store, 'complete', id, { occurred_at: completedAt });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json().events.at(-1)).toMatchObject({ action: 'complete', to_status: 'completed', occurred_at: completedAt });

    const other = await pendingOrder();
    expect((await api.act(world.driver, 'accepted', other)).statusCode).toBe(200);
    const issueAt = iso(Date.now());
    const issue = await api.act(world.driver, 'issue', other, { reason: 'Lorry broke down', occurred_at: issueAt });
    expect(issue.statusCode, issue.body).toBe(200);
    expect(issue.json().events.at(-1)).toMatchObject({ action: 'issue', reason: 'Lorry broke down', occurred_at: issueAt });
  });

  it('answers an outbox\'s replayed step with its first answer, keeping one event with the time it was taken', async () => {
    const id = await pendingOrder();
    const takenAt = iso(Date.now() - 20 * MINUTE);
    const key = randomUUID();
    const send = () =>
      ctx.app.inject({ method: 'PATCH', url: `/orders/accepted/${id}/`, headers: { ...world.driver.headers, 'idempotency-key': key }, payload: { occurred_at: takenAt } });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const steps = await stepsOf(id, 'accepted');
    expect(steps).toHaveLength(1);
    expect(steps[0]!.occurredAt.toISOString()).toBe(takenAt);
  });

  it('judges the pickup window at the time a pickup was accepted, not when the outbox sent it', async () => {
    const id = await pendingOrder();
    const now = Date.now();
    // A ten-minute window around a time half an hour ago (or fifty minutes, when that one would wrap past midnight).
    const acceptedAt = [30, 50].map((m) => now - m * MINUTE).find((t) => istTimeOfDay(new Date(t - 5 * MINUTE)) < istTimeOfDay(new Date(t + 5 * MINUTE)))!;
    await putOrderSettings(ctx, world.admin, { pickup_window_start: istTimeOfDay(new Date(acceptedAt - 5 * MINUTE)), pickup_window_end: istTimeOfDay(new Date(acceptedAt + 5 * MINUTE)) });
    try {
      const closedNow = await pendingOrder();
      expect((await api.act(world.driver, 'accepted', closedNow)).statusCode).toBe(409);
      const res = await api.act(world.driver, 'accepted', id, { occurred_at: iso(acceptedAt) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().events.at(-1).occurred_at).toBe(iso(acceptedAt));
    } finally {
      await putOrderSettings(ctx, world.admin, {});
    }
  });
});
