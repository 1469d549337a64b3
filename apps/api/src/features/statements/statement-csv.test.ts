import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatOrderNumber } from '@app/shared/format';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';
import { completedOrder, createWorld, moneyApi, type World } from '../../test/money-test-kit';

// design.md section 23: a statement's CSV names orders by their display number, the one
// people read on every screen, never by the internal id.

const csvLines = (body: string) => body.replace(/^\uFEFF/, '').trim().split('\r\n');

describe.each(TEST_DB_KINDS)('the statement CSV on %s', (kind) => {
  let ctx: TestContext;
  let world: World;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    world = await createWorld(ctx);
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('names each credited order by its display number, for the vendor and the driver', async () => {
    const ids = [await completedOrder(ctx, world, world.materialIds.slice(0, 2)), await completedOrder(ctx, world, world.materialIds.slice(0, 2))];
    const api = moneyApi(ctx);
    for (const member of [world.vendor, world.driver]) {
      const csv = await api.get(member, '/statements.csv');
      expect(csv.statusCode, csv.body).toBe(200);
      const lines = csvLines(csv.body).map((line) => line.split(','));
      expect(lines[0]).toEqual(['date', 'kind', 'order', 'payout_id', 'amount', 'balance_after']);
      const credits = lines.filter((cells) => cells[1] === 'order_credit');
      expect(credits.map((cells) => cells[2])).toEqual(ids.map((id) => formatOrderNumber(id)));
      expect(credits.map((cells) => cells[2])).toEqual(ids.map((id) => `#${String(id).padStart(8, '0')}`));
    }
  });
});
