import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { escalations } from '../../db/tables/escalations.table';
import { orderEvents } from '../../db/tables/orders.table';
import { runSchedulerTick } from '../../scheduler/scheduler';
import type { TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';
import { orderInStatus, type OrdersApi, useOrdersWorld, weighed, type World } from './orders-test-kit';

// design.md section 23: an escalation the system opened for a stay ends with that stay, and
// its texts show times as people read them.

const READABLE = /\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept|Oct|Nov|Dec) \d{4}, \d{1,2}:\d{2} (am|pm)\b/;
const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

describe.each(TEST_DB_KINDS)('system escalations on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let api: OrdersApi;
  useOrdersWorld(kind, (made) => ({ ctx, world, api } = made));

  /** The order's current stay began `hours` ago. */
  const backdate = (orderId: number, hours: number) =>
    ctx.db.update(orderEvents).set({ createdAt: sql`${orderEvents.createdAt} - make_interval(secs => ${hours * 3600})` }).where(eq(orderEvents.orderId, orderId));
  const escalationsOf = (orderId: number) => ctx.db.select().from(escalations).where(eq(escalations.orderId, orderId)).orderBy(escalations.id);

  async function escalated(status: 'waiting_store' | 'waiting_admin'): Promise<number> {
    const id = await orderInStatus(ctx, world, status);
    await backdate(id, 5);
    expect((await runSchedulerTick(ctx.app)).escalated).toBeGreaterThanOrEqual(1);
    const [open] = await escalationsOf(id);
    expect(open).toMatchObject({ createdBy: null, status: 'open', resolvedAt: null });
    return id;
  }

  it('writes the stay\'s start as India reads it, not as an ISO timestamp', async () => {
    const id = await escalated('waiting_store');
    const [open] = await escalationsOf(id);
    expect(open!.description).toMatch(READABLE);
    expect(open!.description).not.toMatch(ISO);
    expect(open!.description).toContain('(India time)');
  });

  it('resolves the system escalation in the transition that moves the order on, whoever moves it', async () => {
    const byStore = await escalated('waiting_store');
    expect((await api.act(world.store, 'waiting_admin', byStore)).statusCode).toBe(200);
    const [closed] = await escalationsOf(byStore);
    expect(closed).toMatchObject({ status: 'resolved', resolvedAt: expect.any(Date) });
    expect(closed!.resolution).toMatch(/^Closed by the system: order #\d{8} moved on to /);
    expect(closed!.resolution).toMatch(READABLE);
    // The admin's list says so too.
    const listed = (await ctx.app.inject({ method: 'GET', url: `/escalations?order_id=${byStore}`, headers: world.admin.headers })).json() as Array<{ status: string }>;
    expect(listed.map((e) => e.status)).toEqual(['resolved']);

    // An admin already working on it: the order moving on still ends it.
    const byAdmin = await escalated('waiting_admin');
    const [working] = await escalationsOf(byAdmin);
    const patch = await ctx.app.inject({ method: 'PATCH', url: `/escalations/${working!.id}/`, headers: world.admin.headers, payload: { status: 'in_progress' } });
    expect(patch.statusCode, patch.body).toBeLessThan(300);
    const order = (await api.get(world.admin, byAdmin)).json();
    expect((await api.act(world.admin, 'waiting_driver', byAdmin, weighed(order, [10, 3]))).statusCode).toBe(200);
    expect((await escalationsOf(byAdmin))[0]).toMatchObject({ status: 'resolved' });
  });

  it('keeps an escalation a person raised, and a system one whose order has not moved', async () => {
    const issue = await orderInStatus(ctx, world, 'issue');
    const stays = await escalated('waiting_store');
    // The driver's issue escalation is for an admin to answer, even after the order moves on.
    expect((await api.act(world.admin, 'cancel', issue)).statusCode).toBe(200);
    expect(await escalationsOf(issue)).toEqual([expect.objectContaining({ createdBy: world.driver.id, status: 'open' })]);
    // Another order moving on leaves this one's stay, and its escalation, as they were.
    expect((await escalationsOf(stays))[0]).toMatchObject({ status: 'open' });
  });
});
