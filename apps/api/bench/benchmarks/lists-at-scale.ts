import { sql } from 'drizzle-orm';
import { formatOrderNumber } from '@app/shared/format';
import { encodeCursor } from '../../src/http/keyset';
import type { Benchmark, Measurement } from '../bench-kit';
import { exportRun, sequential } from '../request-timing';

// Issue 13 item 6: the admin's list at scale, one request at a time (as a person clicks):
// the first page with its count, a page 100,000 orders deep, the status tabs, a search by
// display number, the 12-month chart and a vendor's chart; then the export of every order
// with its rows per second and the process's peak memory. Targets: p50 under 30 ms (charts
// under 100 ms), depth 100,000 within 2x of page 1, export memory flat.

export const benchmark: Benchmark = {
  name: 'lists at scale',
  async run(ctx) {
    const { admin, vendor } = ctx.members;
    const h = admin.headers;
    const [{ n = 0 } = {}] = ((await ctx.db.execute(sql`select count(*)::int as n from orders`)) as unknown as { rows: Array<{ n: number }> }).rows;
    const depth = Math.min(100_000, Math.max(0, n - 60));
    const [deep] = ((await ctx.db.execute(sql`select created_at::text as k, id from orders order by created_at desc, id desc offset ${depth} limit 1`)) as unknown as {
      rows: Array<{ k: string; id: number }>;
    }).rows;
    const cursor = deep ? encodeCursor({ field: 'created_at', descending: true }, deep.k, Number(deep.id)) : '';
    const middle = Math.max(1, Math.floor(n / 2));
    const results: Measurement[] = [];
    const add = async (title: string, path: string, headers = h) => {
      const m = await sequential(ctx, title, path, headers);
      results.push(m);
    };
    await add('admin GET /orders first page (50) with its count', '/orders?limit=50');
    await add(`admin GET /orders page at depth ${depth}`, `/orders?limit=50&cursor=${cursor}`);
    await add('admin GET /orders?ordering=-vendor_amount first page', '/orders?limit=50&ordering=-vendor_amount');
    await add('admin GET /orders/counts (status tabs)', '/orders/counts');
    await add(`admin GET /orders?search=${formatOrderNumber(middle)}`, `/orders?search=${encodeURIComponent(formatOrderNumber(middle))}`);
    await add('admin GET /orders/stats 12-month chart (count)', '/orders/stats?group=month&metric=count');
    await add('admin GET /orders/stats 12-month chart (vendor_amount)', '/orders/stats?group=month&metric=vendor_amount');
    await add('vendor GET /orders/stats 12-month chart (vendor_amount)', '/orders/stats?group=month&metric=vendor_amount', vendor.headers);
    await add('vendor GET /orders/stats 30-day chart (count)', '/orders/stats?group=day&metric=count', vendor.headers);
    for (const [title, path, headers] of [
      ['vendor GET /orders/export.csv', '/orders/export.csv', vendor.headers],
      ['admin GET /orders/export.csv (every order)', '/orders/export.csv', h],
    ] as const) {
      const m = await exportRun(ctx, title, path, headers);
      results.push(m);
    }
    return results;
  },
};
