// Benchmark of GET /rates at the size of a grown business: 500 cities x 40 materials x
// 3 rate types (60,000 city rates; each answer is one rate type, about half a megabyte).
//
// bench/run.ts runs it as a standalone benchmark (an exported `bench...` function that
// builds its own world and answers `{ name, lines }`). It also runs on its own:
// `npx tsx apps/api/bench/benchmarks/rates.ts`.
//
// Database: PGlite in memory, or a scratch database created on the server of
// TEST_DATABASE_URL or DATABASE_URL (never the named database itself), dropped afterwards.

import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../../src/app';
import { testConfig } from '../../src/config/config';
import { openPglite, openPostgres, type DatabaseHandle } from '../../src/db/database';
import { members } from '../../src/db/tables/members.table';
import { loadSigningKeys } from '../../src/auth/signing-keys';
import { signAccessToken } from '../../src/auth/access-tokens';

const CITIES = 500;
const MATERIALS = 40;
const DURATION_S = 3;
/** Saturation: this many clients asking back to back measure what one API process can serve. */
const CONNECTIONS = 8;
/**
 * Latency is measured at a steady arrival rate below saturation: a store's app loads the
 * card once at start (it is not polled), so even thousands of stores make a few requests
 * a second. Under saturation latency is only queueing (connections / throughput).
 */
const STEADY_RATE_PER_S = 10;
/** The budget at the steady rate: a store's app waits for the card at start; p99 above this is felt. */
const P99_BUDGET_MS = 250;

interface AutocannonResult {
  latency: { p50: number; p99: number; average: number };
  requests: { average: number; total: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  workers?: number;
  overallRate?: number;
}) => Promise<AutocannonResult>;

// autocannon ships no types; this is the slice of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

async function openBenchDatabase(): Promise<{ handle: DatabaseHandle; label: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!url) return { handle: await openPglite(undefined), label: 'PGlite (in memory)', drop: async () => {} };
  const name = `kabadi_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    handle: openPostgres(scratch.toString()),
    label: `PostgreSQL (scratch database ${name})`,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** 20 states, 500 cities, 40 materials, a rate of every type for every pair: set-based SQL, no loops. */
async function fillCatalog(handle: DatabaseHandle): Promise<void> {
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`insert into states (name, code) select 'Bench State ' || i, 'B' || i from generate_series(1, 20) i`);
    await tx.execute(sql`
      insert into cities (state_id, name)
      select s.id, 'Bench City ' || lpad(i::text, 3, '0')
      from generate_series(1, ${CITIES}::int) i
      join states s on s.code = 'B' || (1 + i % 20)`);
    await tx.execute(sql`
      insert into materials (name, vendor_rate_paise, driver_rate_paise, b2c_rate_paise)
      select 'Material ' || lpad(i::text, 2, '0'), 1000 + i * 137, 100 + i * 11, 900 + i * 120
      from generate_series(1, ${MATERIALS}::int) i`);
    await tx.execute(sql`
      insert into city_rates (city_id, material_id, rate_type, rate_paise)
      select c.id, m.id, t.rate_type,
        (case t.rate_type when 'vendor' then m.vendor_rate_paise when 'driver' then m.driver_rate_paise else m.b2c_rate_paise end)
          + (c.id * 7 + m.id * 3) % 50
      from cities c cross join materials m cross join (values ('vendor'), ('driver'), ('b2c')) t(rate_type)`);
  });
}

// One worker thread fires the load, so the load generator does not share the server's event loop.
async function saturate(url: string, headers: Record<string, string>): Promise<AutocannonResult> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers, workers: 1 }); // warm-up: JIT, caches
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers, workers: 1 });
}

async function steady(url: string, headers: Record<string, string>): Promise<AutocannonResult> {
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers, workers: 1, overallRate: STEADY_RATE_PER_S });
}

const failed = (r: AutocannonResult) => r.errors + r.timeouts + r.non2xx;

const fmt = (n: number, digits = 1) => n.toFixed(digits);

export async function benchRates(): Promise<{ name: string; lines: string[] }> {
  const started = Date.now();
  const { handle, label, drop } = await openBenchDatabase();
  let app: App | null = null;
  const bare = Fastify({ logger: false });
  try {
    await handle.migrate();
    await fillCatalog(handle);
    const keys = await loadSigningKeys(handle.db, undefined);
    const [member] = await handle.db
      .insert(members)
      .values({ loginId: 'bench@bench.kabadi.in', name: 'Bench Member', role: 'admin', isVerified: true, approvalStatus: 'approved' })
      .returning();
    const token = await signAccessToken(keys, { memberId: member!.id, loginId: member!.loginId, role: member!.role });
    const headers = { authorization: `Bearer ${token}` };

    app = await buildApp({ config: testConfig(), database: handle, signingKeys: keys });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const apiPort = (app.server.address() as { port: number }).port;

    bare.get('/bare', async () => ({ ok: true }));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const barePort = (bare.server.address() as { port: number }).port;

    const probe = await app.inject({ method: 'GET', url: '/rates', headers });
    if (probe.statusCode !== 200) throw new Error(`GET /rates answered ${probe.statusCode}: ${probe.body.slice(0, 200)}`);
    const entries = probe.json() as unknown[];
    const bodyKb = Buffer.byteLength(probe.body) / 1024;

    // CPU per request, in process and one at a time: unlike the latencies below, it barely
    // moves with other work on the machine. On PGlite it includes the database's work.
    const cpuPerRequest = async (url: string, n: number) => {
      const before = process.cpuUsage();
      for (let i = 0; i < n; i++) await app!.inject({ method: 'GET', url, headers });
      const used = process.cpuUsage(before);
      return (used.user + used.system) / 1000 / n;
    };
    const cardCpuMs = await cpuPerRequest('/rates?type=vendor', 20);
    const cityCpuMs = await cpuPerRequest('/rates?type=vendor&city_id=1', 100);

    const ratesUrl = `http://127.0.0.1:${apiPort}/rates?type=vendor`;
    const capacity = await saturate(ratesUrl, headers);
    const latency = await steady(ratesUrl, headers);
    const oneCity = await saturate(`http://127.0.0.1:${apiPort}/rates?type=vendor&city_id=1`, headers);
    const base = await saturate(`http://127.0.0.1:${barePort}/bare`, {});
    const failures = failed(capacity) + failed(latency) + failed(oneCity);
    const withinBudget = latency.latency.p99 < P99_BUDGET_MS && failures === 0;

    return {
      name: 'GET /rates (500 cities x 40 materials)',
      lines: [
        `database: ${label}; ${entries.length} entries, ${fmt(bodyKb, 0)} KiB per answer; ${DURATION_S} s per run`,
        `API process CPU per request: whole card ${fmt(cardCpuMs)} ms, one city ${fmt(cityCpuMs)} ms`,
        `latency at a steady ${STEADY_RATE_PER_S} req/s: p50 ${fmt(latency.latency.p50)} ms, p99 ${fmt(latency.latency.p99)} ms, mean ${fmt(latency.latency.average)} ms`,
        `capacity (${CONNECTIONS} connections back to back): ${fmt(capacity.requests.average)} req/s, ${fmt(capacity.throughput.average / 1024 / 1024)} MiB/s, ` +
          `p50 ${fmt(capacity.latency.p50)} ms, p99 ${fmt(capacity.latency.p99)} ms (queueing)`,
        `one city (?city_id=1, what a store needs): ${fmt(oneCity.requests.average, 0)} req/s, p50 ${fmt(oneCity.latency.p50)} ms, p99 ${fmt(oneCity.latency.p99)} ms`,
        `bare Fastify JSON route: ${fmt(base.requests.average, 0)} req/s, p50 ${fmt(base.latency.p50)} ms, p99 ${fmt(base.latency.p99)} ms`,
        `ratio to the bare route (req/s): whole card ${fmt(base.requests.average / Math.max(capacity.requests.average, 0.001), 0)}x slower ` +
          `(${fmt(bodyKb, 0)} KiB against 11 bytes per answer), one city ${fmt(base.requests.average / Math.max(oneCity.requests.average, 0.001), 1)}x slower`,
        `budget p99 < ${P99_BUDGET_MS} ms at ${STEADY_RATE_PER_S} req/s: ${withinBudget ? 'PASS' : 'FAIL'} (${fmt(latency.latency.p99)} ms, ${failures} failed requests)`,
        // Other work on the machine slows every number above; the load tells how much.
        `machine: ${cpus().length} cores, load average ${loadavg().map((l) => fmt(l, 2)).join(' ')}; total bench time ${fmt((Date.now() - started) / 1000)} s`,
      ],
    };
  } finally {
    await bare.close();
    if (app) await app.close();
    await handle.close();
    await drop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchRates();
  console.log(`${result.name}\n${result.lines.map((l) => `  ${l}`).join('\n')}`);
}
