import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderAction } from '@app/shared/order-machine';
import { buildApp, type App } from '../../app';
import { orderEvents, orders } from '../../db/tables/orders.table';
import { walletEntries, wallets } from '../../db/tables/wallets.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import { createWorld, orderInStatus, type World } from './orders-test-kit';

// PGlite runs one statement at a time and would hide every race: these run on PostgreSQL only.
const CLIENTS = 20;

describe.runIf(TEST_DB_KINDS.includes('postgres'))('racing clients on PostgreSQL', () => {
  let ctx: TestContext;
  let second: App;
  let world: World;
  beforeAll(async () => {
    ctx = await createTestApp('postgres');
    // A second API process on the same database, as behind a load balancer.
    second = await buildApp({ config: ctx.config, database: ctx.handle, signingKeys: ctx.keys });
    world = await createWorld(ctx);
  });
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
  });

  const act = (app: App, as: TestMember, action: OrderAction, id: number) =>
    app.inject({ method: 'PATCH', url: `/orders/${action}/${id}/`, headers: as.headers });

  async function vendorBalance(): Promise<number> {
    const [row] = await ctx.db.select().from(wallets).where(and(eq(wallets.ownerType, 'vendor'), eq(wallets.ownerId, world.vendor.vendorId!)));
    return row?.balancePaise ?? 0;
  }

  async function settle(id: number, statuses: number[]) {
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, id));
    const events = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    const credits = await ctx.db.select().from(walletEntries).where(eq(walletEntries.orderId, id));
    const counts = { ok: statuses.filter((s) => s === 200).length, conflict: statuses.filter((s) => s === 409).length };
    return { order: order!, events, credits, counts };
  }

  it.each([
    ['one API process', 1],
    ['two API processes', 2],
  ])(`lets one of ${CLIENTS} completions win, through %s, and credits once`, async (_label, processes) => {
    const id = await orderInStatus(ctx, world, 'waiting_store');
    const before = await vendorBalance();
    const apps = processes === 1 ? [ctx.app] : [ctx.app, second];
    const responses = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => act(apps[i % apps.length]!, world.store, 'complete', id)));
    const { order, events, credits, counts } = await settle(id, responses.map((r) => r.statusCode));
    expect(counts).toEqual({ ok: 1, conflict: CLIENTS - 1 });
    expect(order.status).toBe('completed');
    expect(events.filter((e) => e.action === 'complete')).toHaveLength(1);
    expect(credits).toHaveLength(2);
    expect((await vendorBalance()) - before).toBe(order.vendorAmountPaise);
  });

  it.each([
    ['one API process', 1],
    ['two API processes', 2],
  ])(`gives a pickup to one of ${CLIENTS} drivers accepting at once, through %s`, async (_label, processes) => {
    const id = await orderInStatus(ctx, world, 'pending');
    const drivers = await Promise.all(Array.from({ length: CLIENTS }, () => ctx.factories.createMember('driver', { cityId: world.cityA })));
    const apps = processes === 1 ? [ctx.app] : [ctx.app, second];
    const responses = await Promise.all(drivers.map((d, i) => act(apps[i % apps.length]!, d, 'accepted', id)));
    const { order, events, counts } = await settle(id, responses.map((r) => r.statusCode));
    expect(counts).toEqual({ ok: 1, conflict: CLIENTS - 1 });
    const winner = drivers[responses.findIndex((r) => r.statusCode === 200)]!;
    expect(order.driverId).toBe(winner.driverId);
    expect(events.filter((e) => e.action === 'accepted')).toHaveLength(1);
  });

  it('lets one of several different transitions win and leaves nothing half-done', async () => {
    const id = await orderInStatus(ctx, world, 'waiting_store');
    const before = await vendorBalance();
    const attempts: Array<[App, TestMember, OrderAction]> = Array.from({ length: CLIENTS }, (_, i) => {
      const app = i % 4 < 2 ? ctx.app : second;
      // Both leave waiting_store and nothing else, so exactly one can ever succeed. (An
      // admin's cancel may not join: it is also allowed after waiting_admin wins.)
      return [app, world.store, i % 2 === 0 ? 'complete' : 'waiting_admin'];
    });
    const responses = await Promise.all(attempts.map(([app, who, action]) => act(app, who, action, id)));
    const { order, events, credits, counts } = await settle(id, responses.map((r) => r.statusCode));
    expect(counts).toEqual({ ok: 1, conflict: CLIENTS - 1 });
    const [, , winning] = attempts[responses.findIndex((r) => r.statusCode === 200)]!;
    expect(events.at(-1)!.action).toBe(winning);
    // Credits exist exactly when the winner completed the order.
    expect(credits).toHaveLength(order.status === 'completed' ? 2 : 0);
    expect((await vendorBalance()) - before).toBe(order.status === 'completed' ? order.vendorAmountPaise : 0);
  });
});
