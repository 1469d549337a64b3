import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@app/shared/order-status';
import { ORDER_CSV_COLUMNS } from '@app/shared/schemas/orders';
import { cities } from '../../db/tables/geography.table';
import { orders } from '../../db/tables/orders.table';
import { stores } from '../../db/tables/partners.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import { bucketLabels, defaultSince } from './order-stats';
import { createWorld, orderInStatus, ordersApi, type World } from './orders-test-kit';

describe('chart buckets', () => {
  it('counts India-time months and days, including the current one', () => {
    // 2024-03-31 20:00 UTC is already 1 April in India.
    expect(bucketLabels('month', new Date('2024-01-15T00:00:00Z'), new Date('2024-03-31T20:00:00Z'))).toEqual(['2024-01', '2024-02', '2024-03', '2024-04']);
    expect(bucketLabels('month', new Date('2023-11-01T00:00:00Z'), new Date('2024-01-10T00:00:00Z'))).toEqual(['2023-11', '2023-12', '2024-01']);
    expect(bucketLabels('day', new Date('2024-02-27T19:00:00Z'), new Date('2024-03-01T10:00:00Z'))).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
  });

  it('defaults to 12 months or 30 days', () => {
    const now = new Date('2024-06-10T12:00:00Z');
    expect(bucketLabels('month', defaultSince('month', now), now)).toHaveLength(12);
    expect(bucketLabels('day', defaultSince('day', now), now)).toHaveLength(30);
    expect(defaultSince('month', now).toISOString()).toBe('2023-06-30T18:30:00.000Z');
  });
});

describe.each(TEST_DB_KINDS)('order counts, charts and export on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let api: ReturnType<typeof ordersApi>;
  const mine: number[] = [];

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    world = await createWorld(ctx);
    api = ordersApi(ctx);
    for (const status of ['pending', 'pending', 'completed', 'completed', 'cancelled', 'waiting_store'] as const) {
      mine.push(await orderInStatus(ctx, world, status));
    }
    await api.create(world.otherStore, { details: [{ material_id: world.materialIds[0] }] });
    await ctx.db.update(stores).set({ name: '=cmd|" /C calc"!A0, Ltd' }).where(eq(stores.id, world.store.storeId!));
  }, 120_000);
  afterAll(async () => ctx?.close());

  const get = (as: TestMember, url: string) => ctx.app.inject({ method: 'GET', url, headers: as.headers });

  it('counts every status in the caller\'s scope', async () => {
    const counts = (await get(world.store, '/orders/counts')).json();
    expect(Object.keys(counts).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(counts).toMatchObject({ pending: 2, completed: 2, cancelled: 1, waiting_store: 1, moving: 0 });
    const all = (await get(world.admin, '/orders/counts')).json();
    expect(all.pending).toBe(3);
    expect((await get(world.admin, `/orders/counts?store_id=${world.store.storeId}`)).json()).toEqual(counts);
    expect((await get(world.otherVendor, '/orders/counts')).json()).toMatchObject({ pending: 1, completed: 0 });
  });

  it('buckets orders and earnings by month and day', async () => {
    // One completed order moves two months back (India time), the rest stay in this month.
    const [moved, stayed] = [mine[2]!, mine[3]!];
    await ctx.db.update(orders).set({ createdAt: sql`now() - interval '62 days'` }).where(eq(orders.id, moved));
    const rows = await ctx.db.select().from(orders).where(inArray(orders.id, [moved, stayed]));
    const amount = (id: number) => rows.find((r) => r.id === id)!.vendorAmountPaise / 100;

    const count = (await get(world.store, '/orders/stats?group=month&metric=count')).json();
    expect(count).toHaveLength(12);
    expect(count.at(-1).value).toBe(5);
    expect(count.reduce((n: number, b: { value: number }) => n + b.value, 0)).toBe(6);

    const money = (await get(world.store, '/orders/stats?group=month&metric=vendor_amount')).json();
    expect(money.at(-1).value).toBe(amount(stayed));
    expect(money.reduce((n: number, b: { value: number }) => n + b.value, 0)).toBeCloseTo(amount(moved) + amount(stayed), 2);

    const days = (await get(world.store, '/orders/stats?group=day&metric=count')).json();
    expect(days).toHaveLength(30);
    expect(days.at(-1).value).toBe(5);
    expect(days.at(-1).period).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // The vendor sees the same; another vendor none of it.
    expect((await get(world.vendor, '/orders/stats?metric=count')).json().at(-1).value).toBe(5);
    expect((await get(world.otherVendor, '/orders/stats?metric=vendor_amount')).json().every((b: { value: number }) => b.value === 0)).toBe(true);
  });

  it('refuses a range too long for its buckets and unknown options', async () => {
    expect((await get(world.admin, '/orders/stats?group=day&since=2000-01-01')).json().errors).toHaveProperty('since');
    expect((await get(world.admin, '/orders/stats?group=week')).statusCode).toBe(400);
    expect((await get(world.admin, '/orders/stats?metric=profit')).statusCode).toBe(400);
  });

  it('exports what the list shows as CSV, with the same filters and scope', async () => {
    const res = await get(world.store, '/orders/export.csv?status=pending,completed');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(ORDER_CSV_COLUMNS.join(','));
    const list = (await api.list(world.store, '?status=pending,completed')).json() as Array<{ display_number: string; vendor_amount: number; status_label: string }>;
    expect(lines).toHaveLength(list.length + 1);
    expect(res.headers['x-total-count']).toBe(String(list.length));
    const first = list[0]! as unknown as { display_number: string; status_label: string; total_weight: number; vendor_amount: number; driver_amount: number };
    const [city] = await ctx.db.select({ name: cities.name }).from(cities).where(eq(cities.id, world.cityA));
    // The store name holds a comma, quotes and a formula: quoted, doubled, defused.
    const [head, tail] = lines[1]!.split(`,"'=cmd|"" /C calc""!A0, Ltd",`);
    expect(head).toMatch(new RegExp(`^${first.display_number},\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\+05:30$`));
    expect(tail).toBe(`${city!.name},${first.status_label},${first.total_weight},${first.vendor_amount},${first.driver_amount}`);
    // Another store's order never appears.
    expect((await get(world.otherStore, '/orders/export.csv')).body.split('\r\n').filter(Boolean)).toHaveLength(2);
  });
});
