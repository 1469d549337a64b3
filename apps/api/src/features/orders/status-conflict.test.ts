import { describe, expect, it } from 'vitest';
import { formatOrderNumber } from '@app/shared/format';
import { ORDER_STATUS_LABELS } from '@app/shared/order-status';
import { orderInStatus, useOrdersWorld, type OrdersWorld } from './orders-test-kit';
import { TEST_DB_KINDS } from '../../test/test-database';

// A step refused because the order moved on says so with the status labels people read,
// never an action's wire key, and carries the statuses as codes for a client to word.

describe.each(TEST_DB_KINDS)('a step refused for the order\'s status on %s', (kind) => {
  let w: OrdersWorld;
  useOrdersWorld(kind, (made) => (w = made));

  it('names the status now and the one the step needs, in labels and in codes', async () => {
    const id = await orderInStatus(w.ctx, w.world, 'accepted');
    const res = await w.api.act(w.world.rivalDriver, 'accepted', id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: `Order ${formatOrderNumber(id)} is Accepted now; this step needs it to be Pending`,
      order_status: 'accepted',
      allowed_statuses: ['pending'],
    });
  });

  it('lists every status a step may start from, and keeps the codes when an Idempotency-Key replays the answer', async () => {
    const id = await orderInStatus(w.ctx, w.world, 'cancelled');
    const send = () => w.ctx.app.inject({ method: 'PATCH', url: `/orders/arrived/${id}/`, headers: { ...w.world.driver.headers, 'idempotency-key': `conflict-${id}` } });
    const first = await send();
    expect(first.statusCode).toBe(409);
    expect(first.json().detail).toBe(`Order ${formatOrderNumber(id)} is Cancelled now; this step needs it to be ${ORDER_STATUS_LABELS.moving}`);
    expect(first.json()).toMatchObject({ order_status: 'cancelled', allowed_statuses: ['moving'] });
    expect(first.json().detail).not.toContain('"arrived"');
    const again = await send();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(first.json());

    const cancelled = await w.api.act(w.world.store, 'cancel', id);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().detail).toMatch(/^Order #\d{8} is Cancelled now; this step needs it to be one of: [A-Z][a-z]+(, [A-Z][a-z ]+)+$/);
    expect(cancelled.json().allowed_statuses.length).toBeGreaterThan(1);
  });
});
