import { sql } from 'drizzle-orm';
import { formatOrderNumber } from '@app/shared/format';
import { encodeCursor } from '../../src/http/keyset';
import type { Benchmark, BenchContext, Measurement } from '../bench-kit';

// Issue 13 item 6: the admin's list at scale, one request at a time (as a person clicks):
// the first page with its count, a page 100,000 orders deep, the status tabs, a search by
// display number, the 12-month chart and a vendor's chart; then the export of every order
// with its rows per second and the process's peak memory. Targets: p50 under 30 ms (charts
// under 100 ms), depth 100,000 within 2x of page 1, export memory flat.

const REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 40);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** `REQUESTS` requests one after another (after a few to warm up), timed from send to the last byte. */
async function sequential(ctx: BenchContext, title: string, path: string, headers: Record<string, string>): Promise<Measurement> {
  const statusCounts: Record<string, number> = {};
  const times: number[] = [];
  let detail = '';
  for (let i = 0; i < REQUESTS + 3; i++) {
    const started = performance.now();
    const res = await fetch(`${ctx.apiUrl}${path}`, { headers });
    await res.arrayBuffer();
    const ms = performance.now() - started;
    if (i < 3) {
      const total = res.headers.get('x-total-count');
      if (total) detail = ` (X-Total-Count ${total}${res.headers.get('x-total-count-estimated') ? ', estimated' : ''})`;
      continue;
    }
    times.push(ms);
    statusCounts[res.status] = (statusCounts[res.status] ?? 0) + 1;
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return {
    title: `${title}${detail}`,
    requestsPerSecond: 1000 / mean,
    latencyP50Ms: Number(percentile(times, 50).toFixed(1)),
    latencyP99Ms: Number(percentile(times, 99).toFixed(1)),
    statusCounts,
    errors: 0,
  };
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;

/**
 * Reads the whole export as a browser would, counting rows, while sampling this process's
 * memory (the API runs in it). Run with NODE_OPTIONS=--expose-gc to sample the live heap
 * after a collection (what the export holds), not garbage waiting for one.
 */
async function exportRun(ctx: BenchContext, title: string, path: string, headers: Record<string, string>): Promise<Measurement> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    gc?.();
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, gc ? 250 : 20);
  const started = performance.now();
  const res = await fetch(`${ctx.apiUrl}${path}`, { headers });
  let lines = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const rows = lines - 1;
  const heap = gc ? 'live heap' : 'heap (with garbage; NODE_OPTIONS=--expose-gc for live)';
  return {
    title: `${title}: ${rows} rows in ${seconds.toFixed(1)} s = ${Math.round(rows / seconds)} rows/s; ${heap} ${mb(before.heapUsed)} -> peak ${mb(peakHeap)}, rss ${mb(before.rss)} -> peak ${mb(peakRss)} (X-Total-Count ${res.headers.get('x-total-count')})`,
    requestsPerSecond: 1 / seconds,
    latencyP50Ms: Math.round(seconds * 1000),
    latencyP99Ms: Math.round(seconds * 1000),
    statusCounts: { [res.status]: 1 },
    errors: 0,
  };
}

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
