import { beforeAll, describe, expect, it } from 'vitest';
import { type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import { addLoadPhoto, orderInStatus, type World, type OrdersApi, useOrdersWorld } from './orders-test-kit';

// design.md section 7: a weight is a decimal number of kg, > 0, at most 100000, at most 3
// decimals; anything else is a 400 that names the line, and nothing changes.

/** Raw JSON text of each bad weight: `1e309` must reach the server as written (JSON.stringify would send null). */
const BAD_WEIGHTS: Array<[string, string]> = [
  ['abc', '"abc"'],
  ['-1', '-1'],
  ['0', '0'],
  ['1e309', '1e309'],
  ['100001', '100001'],
  ['1.2345', '1.2345'],
  ['""', '""'],
  ['null', 'null'],
  ['"1,5"', '"1,5"'],
  ['true', 'true'],
];

describe.each(TEST_DB_KINDS)('weights on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let api: OrdersApi;
  useOrdersWorld(kind, (made) => ({ ctx, world, api } = made));

  /** Two lines, the second carrying the weight under test, as raw JSON. */
  function rawBody(order: { details: Array<{ id: number; material: { id: number } }> }, weightJson: string): string {
    const [a, b] = order.details as [{ id: number; material: { id: number } }, { id: number; material: { id: number } }];
    return `{"details":[{"id":${a.id},"material_id":${a.material.id},"weight":5},{"id":${b.id},"material_id":${b.material.id},"weight":${weightJson},"amount":1}]}`;
  }

  const send = (as: TestMember, url: string, payload: string, method: 'PATCH' | 'POST' = 'PATCH') =>
    ctx.app.inject({ method, url, headers: { ...as.headers, 'content-type': 'application/json' }, payload });

  describe.each([
    ['the driver weighing', 'arrived', 'waiting_store', 'driver'],
    ['the admin correcting', 'waiting_admin', 'waiting_driver', 'admin'],
  ] as const)('%s', (_label, status, action, role) => {
    let order: { id: number; details: Array<{ id: number; material: { id: number } }> };
    let before: unknown;
    beforeAll(async () => {
      const id = await orderInStatus(ctx, world, status);
      if (action === 'waiting_store') await addLoadPhoto(ctx, world.driver, id);
      order = (await api.get(world.admin, id)).json();
      before = order;
    });

    it.each(BAD_WEIGHTS)('refuses %s, naming details.1.weight, and changes nothing', async (_name, json) => {
      const res = await send(world[role], `/orders/${action}/${order.id}/`, rawBody(order, json));
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['details.1.weight']);
      expect(res.json().detail).toMatch(/^details\.1\.weight: /);
      expect((await api.get(world.admin, order.id)).json()).toEqual(before);
    });

    it('refuses a line without a weight', async () => {
      const [a] = order.details as [{ id: number; material: { id: number } }];
      const res = await send(world[role], `/orders/${action}/${order.id}/`, JSON.stringify({ details: [{ id: a.id, material_id: a.material.id }] }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors['details.0.weight']).toEqual(['Weight is required']);
    });

    it.each([
      ['0.001', 0.001],
      ['"100000"', 100000],
      ['" 2.5 "', 2.5],
      ['99999.999', 99999.999],
    ])('takes %s', async (json, kg) => {
      const id = await orderInStatus(ctx, world, status);
      if (action === 'waiting_store') await addLoadPhoto(ctx, world.driver, id);
      const fresh = (await api.get(world.admin, id)).json();
      const res = await send(world[role], `/orders/${action}/${id}/`, rawBody(fresh, json));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().details[1].weight).toBe(kg);
    });
  });

  it.each(BAD_WEIGHTS)('refuses %s as an estimate on a new order, naming the line', async (_name, json) => {
    const [m1, m2] = world.materialIds as [number, number];
    const res = await send(world.store, '/orders/', `{"details":[{"material_id":${m1}},{"material_id":${m2},"weight":${json}}]}`, 'POST');
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['details.1.weight']);
  });
});
