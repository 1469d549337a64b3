import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@app/shared/constants';
import { ORDER_ACTIONS, TRANSITIONS, rulesFor, type OrderAction, type TransitionRule } from '@app/shared/order-machine';
import { ORDER_STATUSES, type OrderStatus } from '@app/shared/order-status';
import { orderEvents, orders } from '../../db/tables/orders.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import type { CustomerKind } from '@app/shared/constants';
import { addLoadPhoto, CASH, createWorld, handoverCodeOf, orderInStatus, ordersApi, weighed, type World } from './orders-test-kit';

// design.md section 7, row by row: each rule allowed for its role from each of its
// statuses; refused (403) for every role that never takes the action; refused (409) from
// every other status; and 404 for everyone outside the order's tenancy.

describe.each(TEST_DB_KINDS)('the transition table on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let api: ReturnType<typeof ordersApi>;
  type Fixture = { id: number; details: Array<{ id: number; material: { id: number } }> };
  /** One order per status, for the refusals: a refusal must leave it as it was. Of a store, and of a household (design.md section 21). */
  const fixture = new Map<OrderStatus, Fixture>();
  const householdFixture = new Map<OrderStatus, Fixture>();
  const before = new Map<string, unknown>();

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    world = await createWorld(ctx);
    api = ordersApi(ctx);
    for (const customer of ['store', 'household'] as const) {
      for (const status of ORDER_STATUSES) {
        const id = await orderInStatus(ctx, world, status, customer);
        (customer === 'store' ? fixture : householdFixture).set(status, (await api.get(world.admin, id)).json());
        before.set(`${customer}:${status}`, await snapshot(id));
      }
    }
  }, 240_000);
  afterAll(async () => ctx?.close());

  const actor = (role: Role): TestMember =>
    ({ admin: world.admin, vendor: world.vendor, store: world.store, driver: world.driver, household: world.household })[role];
  /** The orders a role's rule acts on: a household's own, or what a rule for households' pickups needs. */
  const customerOf = (rule: Pick<TransitionRule, 'role' | 'customer'>): CustomerKind => rule.customer ?? (rule.role === 'household' ? 'household' : 'store');

  function bodyFor(action: OrderAction, order: { details: Array<{ id: number; material: { id: number } }> }, customer: CustomerKind = 'store'): unknown {
    const kind = TRANSITIONS.find((t) => t.action === action && t.body !== 'step')?.body ?? 'step';
    if (kind === 'completion') return customer === 'household' ? CASH : undefined;
    if (kind === 'weighed_lines') return weighed(order, [7.25, 1]);
    // Names the driver who takes the order: required from pending, where no driver holds it yet.
    if (kind === 'admin_lines') return { details: order.details.map((d) => ({ id: d.id, material_id: d.material.id, weight: 6, amount: 0 })), driver_id: world.driver.driverId };
    if (kind === 'reason') return { reason: 'Vehicle trouble' };
    if (kind === 'optional_reason') return { reason: 'Changed plans' };
    return undefined;
  }

  async function snapshot(id: number) {
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
    const events = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    return { row, events: events.length, detail: (await api.get(world.admin, id)).json() };
  }

  const allowed: Array<[TransitionRule, OrderStatus]> = TRANSITIONS.flatMap((rule) => rule.from.map((status) => [rule, status] as [TransitionRule, OrderStatus]));

  it.each(allowed.map(([rule, status]) => [rule.role, rule.action, status, rule.to, rule] as const))(
    'lets a %s take "%s" from %s (to %s)',
    async (role, action, status, to, rule) => {
      const customer = customerOf(rule);
      const id = await orderInStatus(ctx, world, status, customer);
      const order = (await api.get(world.admin, id)).json();
      if (action === 'waiting_store') await addLoadPhoto(ctx, world.driver, id);
      let body = bodyFor(action, order, customer);
      // No phone at hand: the driver completes with the code the household's SMS carries.
      if (role === 'driver' && action === 'complete' && status === 'waiting_store') body = { ...CASH, handover_code: await handoverCodeOf(ctx, world.household.phone!) };
      const res = await api.act(actor(role), action, id, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe(to);
      expect(res.json().events.at(-1)).toMatchObject({ action, from_status: status, to_status: to, actor: { role } });
    },
  );

  const refusals = ORDER_ACTIONS.flatMap((action) => ROLES.map((role) => [role, action] as const));

  it.each(refusals)('refuses a %s "%s" from every status the table does not give it', async (role, action) => {
    const never = rulesFor(action, role).length === 0;
    // A household refused on its own pickups; everyone else on a store's.
    const customer: CustomerKind = role === 'household' ? 'household' : 'store';
    for (const status of ORDER_STATUSES) {
      if (rulesFor(action, role, customer).some((r) => r.from.includes(status))) continue;
      const order = (customer === 'household' ? householdFixture : fixture).get(status)!;
      const res = await api.act(actor(role), action, order.id, bodyFor(action, order, customer));
      expect(res.statusCode, `${role} ${action} from ${status}: ${res.body}`).toBe(never ? 403 : 409);
    }
  });

  it('answers 404 to everyone outside the order, whatever the action, status or body', async () => {
    const outsiders: Array<[string, TestMember, OrderStatus[]]> = [
      ['another store', world.otherStore, [...ORDER_STATUSES]],
      ['another vendor', world.otherVendor, [...ORDER_STATUSES]],
      ['a driver of another city', world.farDriver, [...ORDER_STATUSES]],
      // A driver of the same city sees pending orders (and may accept them), not the ones another took.
      ['another driver of the city', world.rivalDriver, ORDER_STATUSES.filter((s) => s !== 'pending')],
      ['a household', world.household, [...ORDER_STATUSES]],
    ];
    // A household's pickups: no store, vendor or other household sees them (design.md section 21).
    const householdOutsiders: Array<[string, TestMember, OrderStatus[]]> = [
      ['a store', world.store, [...ORDER_STATUSES]],
      ['a vendor', world.vendor, [...ORDER_STATUSES]],
      ['another household', world.otherHousehold, [...ORDER_STATUSES]],
      ['a driver of another city', world.farDriver, [...ORDER_STATUSES]],
      ['another driver of the city', world.rivalDriver, ORDER_STATUSES.filter((s) => s !== 'pending')],
    ];
    const cases = [
      ...outsiders.map(([who, member, statuses]) => [who, member, statuses, fixture] as const),
      ...householdOutsiders.map(([who, member, statuses]) => [`${who} (household order)`, member, statuses, householdFixture] as const),
    ];
    for (const [who, member, statuses, orders] of cases) {
      for (const status of statuses) {
        const order = orders.get(status)!;
        for (const action of ORDER_ACTIONS) {
          // Tried by a driver of the city, "accepted" is the one action that says "taken already" (409).
          if (member === world.rivalDriver && action === 'accepted') continue;
          const good = await api.act(member, action, order.id, bodyFor(action, order));
          expect(good.statusCode, `${who} ${action} on ${status}: ${good.body}`).toBe(404);
          const bad = await api.act(member, action, order.id, { details: 'nonsense', reason: 42 });
          expect(bad.statusCode, `${who} ${action} with a bad body on ${status}`).toBe(404);
        }
        expect((await api.get(member, order.id)).statusCode).toBe(404);
      }
    }
  });

  it('answers 403 to a role that never takes the action, even with a bad body, and 404 for no such order', async () => {
    const order = fixture.get('arrived')!;
    expect((await api.act(world.vendor, 'waiting_store', order.id, { details: 'nonsense' })).statusCode).toBe(403);
    expect((await api.act(world.store, 'accepted', order.id, { nonsense: true })).statusCode).toBe(403);
    expect((await api.act(world.admin, 'moving', 99_999_999)).statusCode).toBe(404);
    expect((await api.act(world.admin, 'moving', 'abc' as unknown as number)).statusCode).toBe(400);
  });

  it('left every refused order exactly as it was', async () => {
    for (const [customer, orders] of [['store', fixture], ['household', householdFixture]] as const) {
      for (const [status, order] of orders) {
        expect(await snapshot(order.id), `${customer} ${status}`).toEqual(before.get(`${customer}:${status}`));
      }
    }
  });

  it('refuses an unverified member', async () => {
    const pending = await ctx.factories.createMember('driver', { cityId: world.cityA, verified: false });
    const res = await api.act(pending, 'accepted', fixture.get('pending')!.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('You are not verified yet. Please wait for admin to accept.');
  });

  it('lets the first driver of the city take a pickup and tells the second it is taken', async () => {
    const id = await orderInStatus(ctx, world, 'pending');
    expect((await api.act(world.rivalDriver, 'accepted', id)).statusCode).toBe(200);
    const late = await api.act(world.driver, 'accepted', id);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toMatch(/is Accepted now/);
    // It still may not read the order, nor act on it otherwise.
    expect((await api.get(world.driver, id)).statusCode).toBe(404);
    expect((await api.act(world.driver, 'moving', id)).statusCode).toBe(404);
    expect((await api.act(world.farDriver, 'accepted', await orderInStatus(ctx, world, 'pending'))).statusCode).toBe(404);
  });
});
