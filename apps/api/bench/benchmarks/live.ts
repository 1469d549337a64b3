import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { measureUrl, openEventStreams, percentile, type Benchmark, type BenchContext, type Measurement } from '../bench-kit';

// Issue 11's targets, in the same run as the bare Fastify route: the store's poll at
// least 0.5x the bare route, its 304 at least 0.7x, and 2,000 open event streams on one
// process with an event reaching all of them within 1 s (p99).

const POLL_TARGET = 0.5;
const NOT_MODIFIED_TARGET = 0.7;
const STREAMS = Number(process.env.BENCH_STREAMS ?? 2000);
const FANOUT_EVENTS = 5;
const ROUNDS = Number(process.env.BENCH_LIVE_ROUNDS ?? 7);
const ROUND_SECONDS = 2;
const FANOUT_P99_TARGET_MS = 1000;

const verdict = (ratio: number, target: number) => `${ratio.toFixed(2)}x bare, target >= ${target}x: ${ratio >= target ? 'PASS' : 'FAIL'}`;

async function fanout(ctx: BenchContext): Promise<string[]> {
  const { store } = ctx.members;
  // When each stream saw each order event, by its updated_at (unique per fired event).
  const seen = Array.from({ length: STREAMS }, () => new Map<string, number>());
  const { streams, openMs } = await openEventStreams(
    ctx.apiUrl,
    STREAMS,
    () => store.headers.authorization,
    (index, message, at) => {
      for (const match of message.matchAll(/"updated_at":"([^"]+)"/g)) if (!seen[index]!.has(match[1]!)) seen[index]!.set(match[1]!, at);
    },
  );
  const rows = (await ctx.db.execute(sql`select id from orders where store_id = ${store.storeId} order by id desc limit 1`)) as unknown as { rows: Array<{ id: number }> };
  const orderId = rows.rows[0]!.id;
  const latencies: number[] = [];
  let missing = 0;
  try {
    for (let n = 0; n < FANOUT_EVENTS; n++) {
      // A distinct updated_at per event: the stream clients recognise it in the data.
      const [{ marker }] = (
        (await ctx.db.execute(sql`update orders set updated_at = now() + make_interval(secs => ${n}) where id = ${orderId} returning to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as marker`)) as unknown as {
          rows: [{ marker: string }];
        }
      ).rows;
      const fired = performance.now();
      const deadline = fired + 5000;
      while (performance.now() < deadline && seen.some((s) => !s.has(marker))) await new Promise((resolve) => setTimeout(resolve, 5));
      for (const s of seen) {
        const at = s.get(marker);
        if (at === undefined) missing += 1;
        else latencies.push(at - fired);
      }
    }
  } finally {
    for (const s of streams) s.close();
  }
  latencies.sort((a, b) => a - b);
  const p99 = percentile(latencies, 99);
  return [
    `${STREAMS} event streams opened in ${(openMs / 1000).toFixed(1)} s on one process`,
    `${FANOUT_EVENTS} order events x ${STREAMS} streams: delivered ${latencies.length}, missing ${missing}; latency p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${(latencies.at(-1) ?? 0).toFixed(0)} ms (target p99 <= ${FANOUT_P99_TARGET_MS} ms: ${missing === 0 && p99 <= FANOUT_P99_TARGET_MS ? 'PASS' : 'FAIL'})`,
  ];
}

/** The median of alternating short runs: on a shared machine, load shifts between runs, not within one. */
async function ratios(ctx: BenchContext, etag: string): Promise<{ poll: number[]; notModified: number[]; last: Measurement[] }> {
  const bare = Fastify({ logger: false });
  bare.get('/ping', async () => ({ status: 'ok', time: Date.now() }));
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
  const path = '/orders?status=waiting_store';
  const { store } = ctx.members;
  const poll: number[] = [];
  const notModified: number[] = [];
  let last: Measurement[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const base = await measureUrl('bare', `${bareUrl}/ping`, {}, ROUND_SECONDS);
      const full = await measureUrl('poll', `${ctx.apiUrl}${path}`, store.headers, ROUND_SECONDS);
      const cached = await measureUrl('304', `${ctx.apiUrl}${path}`, { ...store.headers, 'if-none-match': etag }, ROUND_SECONDS);
      poll.push(full.requestsPerSecond / base.requestsPerSecond);
      notModified.push(cached.requestsPerSecond / base.requestsPerSecond);
      last = [full, cached];
    }
  } finally {
    await bare.close();
  }
  return { poll, notModified, last };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export const benchmark: Benchmark = {
  name: 'live: poll cache and change feed',
  async run(ctx) {
    const path = '/orders?status=waiting_store';
    const { store } = ctx.members;
    const first = await fetch(`${ctx.apiUrl}${path}`, { headers: store.headers });
    if (first.status !== 200) throw new Error(`the poll answered ${first.status}`);
    const etag = first.headers.get('etag') ?? '';
    const bare = ctx.baselineRequestsPerSecond;
    const full = await ctx.measure('live: store poll (200)', path, { headers: store.headers });
    const cached = await ctx.measure('live: store poll (304)', path, { headers: { ...store.headers, 'if-none-match': etag } });
    full.title = `live: store poll GET ${path} (200): ${(full.requestsPerSecond / bare).toFixed(2)}x the baseline above`;
    cached.title = `live: store poll with If-None-Match (304): ${(cached.requestsPerSecond / bare).toFixed(2)}x the baseline above`;
    const r = await ratios(ctx, etag);
    const show = (values: number[]) => values.map((v) => v.toFixed(2)).join(' ');
    console.log(`         live: ${ROUNDS} rounds of bare / poll / 304, ${ROUND_SECONDS} s each, ratio to the bare route of the same round:`);
    console.log(`         live:   poll (200) ${show(r.poll)}; median ${verdict(median(r.poll), POLL_TARGET)}`);
    console.log(`         live:   poll (304) ${show(r.notModified)}; median ${verdict(median(r.notModified), NOT_MODIFIED_TARGET)}`);
    for (const line of await fanout(ctx)) console.log(`         live: ${line}`);
    return [full, cached] satisfies Measurement[];
  },
};
