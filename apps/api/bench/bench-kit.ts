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
