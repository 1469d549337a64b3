import http from 'node:http';
import autocannon from 'autocannon';
import type { Database } from '../src/db/database';

// The contract between run.ts and the benchmark modules in ./benchmarks that use the
// seeded API: such a file exports `benchmark` (a Benchmark); run.ts finds every file, so
// adding a benchmark is adding a file, with no change here or in run.ts.

export interface Measurement {
  title: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Answers by status code, e.g. { "200": 51234 }: a benchmark of errors measures nothing. */
  statusCounts: Record<string, number>;
  errors: number;
  /** The share of the bare route's requests per second this must reach, printed as met or MISSED. */
  targetRatio?: number;
  /** The median latency this must stay under, printed as met or MISSED. */
  targetP50Ms?: number;
}

export interface BenchMember {
  id: number;
  storeId: number | null;
  vendorId: number | null;
  driverId: number | null;
  cityId: number | null;
  /** `{ authorization: 'Bearer ...' }` */
  headers: { authorization: string };
}

export interface BenchContext {
  /** The API, listening on a loopback port: `http://127.0.0.1:<port>`. */
  apiUrl: string;
  /** The seeded database, for anything a benchmark wants to look up first. */
  db: Database;
  /** Signed-in members: the polled store (with its vendor), a driver of its city, an admin. */
  members: { admin: BenchMember; store: BenchMember; vendor: BenchMember; driver: BenchMember };
  /** Requests per second of the bare Fastify route measured in this run: the yardstick of the ratios. */
  baselineRequestsPerSecond: number;
  /** That bare route, `http://127.0.0.1:<port>/ping`, to measure again beside a benchmark's own figures. */
  bareUrl: string;
  /** Runs autocannon against the API for the configured duration. */
  measure(title: string, path: string, options?: { headers?: Record<string, string> }): Promise<Measurement>;
}

export interface Benchmark {
  name: string;
  run(ctx: BenchContext): Promise<Measurement[]>;
}

export const BENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
export const BENCH_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** One bounded autocannon run against `url`. */
export async function measureUrl(title: string, url: string, headers: Record<string, string> = {}, seconds = BENCH_SECONDS): Promise<Measurement> {
  const result = await autocannon({ url, connections: BENCH_CONNECTIONS, duration: seconds, headers });
  return {
    title,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    statusCounts: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
    errors: result.errors + result.timeouts,
  };
}

/** The nearest-rank percentile of ascending `sorted` (0 when empty). */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** One open GET /events stream; close() drops its socket. */
export interface EventStream {
  close(): void;
}

/**
 * One SSE connection on its own socket, as each browser tab holds one; resolves once the
 * server said ": connected". `onMessage` gets every later message whole (the text between
 * blank lines, however the chunks split it) with when its last byte arrived (performance.now()).
 */
export function openEventStream(apiUrl: string, authorization: string, onMessage: (message: string, at: number) => void): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${apiUrl}/events`, { agent: false, headers: { authorization, accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`GET /events answered ${response.statusCode}`));
      response.setEncoding('utf8');
      let buffered = '';
      let connected = false;
      response.on('data', (chunk: string) => {
        const at = performance.now();
        buffered += chunk;
        for (let end = buffered.indexOf('\n\n'); end !== -1; end = buffered.indexOf('\n\n')) {
          const message = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          if (connected) onMessage(message, at);
          else if (message.includes(': connected')) {
            connected = true;
            resolve({ close: () => request.destroy() });
          }
        }
      });
    });
    request.on('error', reject);
  });
}

/**
 * `count` streams, stream i signed in with authorizationOf(i), opened 100 at a time (a burst
 * of thousands of connects would overflow the listen backlog). Answers them and the time taken.
 */
export async function openEventStreams(
  apiUrl: string,
  count: number,
  authorizationOf: (index: number) => string,
  onMessage: (index: number, message: string, at: number) => void,
): Promise<{ streams: EventStream[]; openMs: number }> {
  const streams: EventStream[] = [];
  const opening = performance.now();
  for (let i = 0; i < count; i += 100) {
    const batch = Array.from({ length: Math.min(100, count - i) }, (_, k) => i + k);
    streams.push(...(await Promise.all(batch.map((index) => openEventStream(apiUrl, authorizationOf(index), (message, at) => onMessage(index, message, at))))));
  }
  return { streams, openMs: performance.now() - opening };
}
