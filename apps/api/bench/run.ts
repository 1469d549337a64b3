// `npm run bench`: the API on a database of 10,000 orders, against a bare Fastify route on
// the same machine, each for a few seconds (BENCH_SECONDS, default 3). The benchmarks are
// the files in ./benchmarks, run in name order (BENCH_ONLY=<file name without .ts> picks
// one). A file either exports `benchmark` (a Benchmark of bench-kit.ts: it gets this
// seeded API) or exports functions named `bench...` that set up their own world and
// answer `{ name, lines }`. PGlite in memory by default; with TEST_DATABASE_URL or
// DATABASE_URL set, a throw-away database on that PostgreSQL server (created and dropped).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadSigningKeys } from '../src/auth/signing-keys';
import { testConfig } from '../src/config/config';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/db/database';
import { loadReferenceData } from '../src/seed/load-reference-data';
import { createFactories, type TestMember } from '../src/test/factories';
import { BENCH_SECONDS, measureUrl, type BenchContext, type BenchMember, type Benchmark, type Measurement } from './bench-kit';
import { seedBenchOrders } from './seed-bench-orders';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const STORES = Number(process.env.BENCH_STORES ?? 100);
const VENDORS = Number(process.env.BENCH_VENDORS ?? 20);

const log = (msg: string) => console.log(`[bench] ${msg}`);

async function openBenchDatabase(): Promise<{ handle: DatabaseHandle; label: string; dispose(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!url) {
    const handle = await openPglite(undefined);
    return { handle, label: 'PGlite (in memory)', dispose: () => handle.close() };
  }
  // Never the configured database itself: a database of our own beside it.
  const name = `kabadi_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handle = openPostgres(dbUrl.toString(), { max: 10 });
  return {
    handle,
    label: `PostgreSQL (${dbUrl.host}, database ${name})`,
    async dispose() {
      await handle.close();
      const drop = new pg.Client({ connectionString: url });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

/** A self-contained benchmark: its own database and servers, its own report lines. */
type StandaloneBench = () => Promise<{ name: string; lines: string[] }>;

interface BenchModules {
  seeded: Benchmark[];
  standalone: Array<{ file: string; run: StandaloneBench }>;
}

async function loadBenchmarks(): Promise<BenchModules> {
  const dir = path.join(import.meta.dirname, 'benchmarks');
  const only = process.env.BENCH_ONLY;
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.test.ts'))
    .filter((f) => !only || f === `${only}.ts`)
    .sort();
  const found: BenchModules = { seeded: [], standalone: [] };
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>;
    const standalone = Object.entries(module).filter(([name, value]) => /^bench[A-Z]/.test(name) && typeof value === 'function');
    if (module.benchmark) found.seeded.push(module.benchmark as Benchmark);
    for (const [, run] of standalone) found.standalone.push({ file, run: run as StandaloneBench });
    if (!module.benchmark && standalone.length === 0) throw new Error(`bench/benchmarks/${file} exports neither \`benchmark\` nor a bench... function`);
  }
  return found;
}

const asBenchMember = (m: TestMember): BenchMember => ({ id: m.id, storeId: m.storeId, vendorId: m.vendorId, driverId: m.driverId, cityId: m.cityId, headers: m.headers });

function row(m: Measurement, baseline: number): string {
  const codes = Object.entries(m.statusCounts).map(([code, n]) => `${code}x${n}`).join(' ');
  const share = baseline > 0 ? m.requestsPerSecond / baseline : 0;
  const ratio = baseline > 0 ? `${(share * 100).toFixed(1)} % of bare` : '';
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  let target = m.targetRatio === undefined || baseline <= 0 ? '' : `  (target >= ${m.targetRatio}x: ${verdict(share >= m.targetRatio)})`;
  if (m.targetP50Ms !== undefined) target += `  (target p50 < ${m.targetP50Ms} ms: ${verdict(m.latencyP50Ms < m.targetP50Ms)})`;
  return `${m.requestsPerSecond.toFixed(0).padStart(8)} req/s  p50 ${m.latencyP50Ms} ms  p99 ${m.latencyP99Ms} ms  ${ratio}${target}  [${codes}${m.errors ? ` errors ${m.errors}` : ''}]  ${m.title}`;
}

async function main() {
  const started = Date.now();
  const benchmarks = await loadBenchmarks();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-bench-'));
  const database = await openBenchDatabase();
  log(`database: ${database.label}`);
  const bare = Fastify({ logger: false });
  let api: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await database.handle.migrate();
    await loadReferenceData(database.handle.db);
    const keys = await loadSigningKeys(database.handle.db, undefined);
    const factories = createFactories(database.handle.db, keys);
    const cityId = (await factories.cityIds())[0]!;
    const admin = await factories.createMember('admin');
    const driver = await factories.createMember('driver', { cityId });
    // The polled store belongs to a vendor member who can sign in; the stores are shared round-robin by VENDORS vendors.
    const vendor = await factories.createMember('vendor', { cityId });
    const vendors: TestMember[] = [vendor];
    for (let i = 1; i < VENDORS; i++) vendors.push(await factories.createMember('vendor', { cityId }));
    const stores: TestMember[] = [];
    for (let i = 0; i < STORES; i++) stores.push(await factories.createMember('store', { cityId, vendorId: vendors[i % vendors.length]!.vendorId }));
    const seeding = Date.now();
    await seedBenchOrders(database.handle.db, {
      total: ORDERS,
      stores: stores.map((s) => ({ storeId: s.storeId!, vendorId: s.vendorId!, cityId })),
      driverId: driver.driverId!,
    });
    log(`seeded ${ORDERS} orders over ${STORES} stores in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);

    // No scheduler: an auto-cancel in the middle of a measurement would move the versions the poll is cached under.
    // The API logs as it would in production (`info`, design.md section 16), to a file
    // rather than the bench's own output; BENCH_LOG_LEVEL=silent measures without logging.
    const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
    log(`API log level: ${logLevel}`);
    api = await buildApp({
      config: testConfig({ DATA_DIR: dataDir, LOG_LEVEL: logLevel }),
      database: database.handle,
      signingKeys: keys,
      scheduler: false,
      logStream: fs.createWriteStream(path.join(dataDir, 'api.log')),
    });
    const apiUrl = await api.listen({ host: '127.0.0.1', port: 0 });
    bare.get('/ping', async () => ({ status: 'ok', time: Date.now() }));
    const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

    const store = stores[0]!;
    log(`${BENCH_SECONDS} s per measurement`);
    const baseline = await measureUrl('GET /ping on a bare Fastify (baseline)', `${bareUrl}/ping`);
    console.log(row(baseline, 0));
    const ctx: BenchContext = {
      baselineRequestsPerSecond: baseline.requestsPerSecond,
      bareUrl: `${bareUrl}/ping`,
      apiUrl,
      db: database.handle.db,
      members: { admin: asBenchMember(admin), store: asBenchMember(store), vendor: asBenchMember(vendor), driver: asBenchMember(driver) },
      measure: (title, p, options) => measureUrl(title, `${apiUrl}${p}`, options?.headers ?? {}),
    };

    for (const benchmark of benchmarks.seeded) {
      for (const m of await benchmark.run(ctx)) console.log(row(m, baseline.requestsPerSecond));
    }
  } finally {
    await api?.close();
    await bare.close();
    await database.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // After the seeded database is gone, so they do not share the machine with it.
  for (const { file, run } of benchmarks.standalone) {
    log(`${file}:`);
    const result = await run();
    console.log(`${result.name}\n${result.lines.map((l) => `  ${l}`).join('\n')}`);
  }
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
