import type { BenchContext, Measurement } from './bench-kit';

// Timings of single requests one after another (as a person clicks) and of a whole export
// read as a browser would, for the benchmarks that measure latency rather than throughput.

export const REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 40);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** `runs` calls of `work` one after another, after one to warm up: its median, fastest and slowest. */
export async function timedCalls(title: string, runs: number, work: () => Promise<unknown>): Promise<Measurement> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return {
    title: `${title} (${runs} runs, ${times[0]!.toFixed(1)}-${times[times.length - 1]!.toFixed(1)} ms)`,
    requestsPerSecond: 1000 / mean,
    latencyP50Ms: Number(percentile(times, 50).toFixed(1)),
    latencyP99Ms: Number(percentile(times, 99).toFixed(1)),
    statusCounts: {},
    errors: 0,
  };
}

/** `REQUESTS` requests one after another (after a few to warm up), timed from send to the last byte. */
export async function sequential(ctx: BenchContext, title: string, path: string, headers: Record<string, string>): Promise<Measurement> {
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
export async function exportRun(ctx: BenchContext, title: string, path: string, headers: Record<string, string>): Promise<Measurement> {
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
