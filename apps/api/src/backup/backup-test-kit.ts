// Test helpers of backups (not a test file itself): the real API on a DATA_DIR of its own
// (as `npm start` runs it), money and photos made through it, writers that keep completing
// orders while a backup runs, and the checks a restored copy must pass.
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { buildApp } from '../app';
import { loadSigningKeys } from '../auth/signing-keys';
import { testConfig } from '../config/config';
import { openDatabase, wrapPglite, type Database, type DatabaseHandle } from '../db/database';
import { createFactories } from '../test/factories';
import { withDatabase } from '../test/global-setup';
import { completedOrder, createTaxMaterials, createWorld, fundWallet, GSTIN_MH, moneyApi, setCompany, type World } from '../test/money-test-kit';
import type { TestContext } from '../test/test-app';
import { openTestDatabase } from '../test/test-database';
import { loadVapidKeys } from '../push/vapid-keys';
import { BackupKey } from './backup-crypto';
import type { BackupProtection } from './backup-protection';
import { parseSummary, SUMMARY_SQL } from './snapshot-queries';
import type { SnapshotSummary } from './backup-format';
import { readBackup } from './read-backup';
import { runBackup } from './run-backup';
import { queryRows } from '../db/sql-rows';

export type ProductSettings = { DATA_DIR: string; DATABASE_URL?: string; STORAGE_URL?: string };

export const rows = <T extends object>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> => queryRows<T>(db, query);

/** The database URL a pg pool was opened with. */
export function urlOf(handle: DatabaseHandle): string {
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const url = (pool as unknown as { options: pg.PoolConfig }).options.connectionString;
  if (!url) throw new Error('the test database has no connection string');
  return url;
}

/** A database of the test's own: a migrated PGlite in DATA_DIR/pglite, or a copy of the PostgreSQL template. */
async function openLiveDatabase(kind: 'pglite' | 'postgres', dataDir: string): Promise<DatabaseHandle> {
  if (kind === 'postgres') return openTestDatabase('postgres');
  fs.mkdirSync(dataDir, { recursive: true });
  const migrated = new Blob([fs.readFileSync(inject('pgliteDumpPath'))]);
  return wrapPglite(await PGlite.create({ dataDir: `${dataDir}/pglite`, loadDataDir: migrated }));
}

/** The API as `npm start` builds it (scheduler off: the tests drive every change). */
export async function startProduct(handle: DatabaseHandle, settings: ProductSettings): Promise<TestContext> {
  // The writers upload a photo per order, more than a driver's phone would in ten minutes.
  const config = testConfig({ ...settings, RATE_LIMITS: 'upload.member=100000/600' });
  const keys = await loadSigningKeys(handle.db, undefined);
  const app = await buildApp({ config, database: handle, signingKeys: keys, scheduler: false, pushSender: false });
  return {
    app,
    db: handle.db,
    handle,
    config,
    keys,
    factories: createFactories(handle.db, keys),
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

export async function startLiveProduct(kind: 'pglite' | 'postgres', settings: ProductSettings): Promise<TestContext> {
  const handle = await openLiveDatabase(kind, settings.DATA_DIR);
  return startProduct(handle, kind === 'postgres' ? { ...settings, DATABASE_URL: urlOf(handle) } : settings);
}

/** Opens a restored target as `npm start` would: its database, the migrations, the API. */
export async function startRestoredProduct(settings: ProductSettings): Promise<TestContext> {
  const config = testConfig(settings);
  const handle = await openDatabase(config);
  await handle.migrate();
  return startProduct(handle, settings);
}

export interface Business {
  world: World;
  materials: [number, number];
}

/** Members, completed orders with invoices and photos, and ledger entries of all three kinds. */
export async function makeBusiness(ctx: TestContext): Promise<Business> {
  const world = await createWorld(ctx);
  await setCompany(ctx, world.admin, GSTIN_MH);
  const materials = await createTaxMaterials(ctx, world.admin);
  await completedOrder(ctx, world, materials);
  await completedOrder(ctx, world, materials, [2, 1]);
  await fundWallet(ctx, 'vendor', world.vendor.vendorId!, 50_000);
  const money = moneyApi(ctx);
  const payout = await money.request(world.vendor, { amount: 100 }, randomBytes(8).toString('hex'));
  expect(payout.statusCode, payout.body).toBe(201);
  const paid = await money.decide(world.admin, payout.json().id, 'approve', { reference: 'UTR-123456' });
  expect(paid.statusCode, paid.body).toBe(200);
  return { world, materials };
}

/**
 * Two writers completing orders (each with a photo, an invoice and two credits) until
 * stopped, `pauseMs` apart: PGlite runs in the test's own process, where writers without a
 * pause would leave the backup's streams no turn of the event loop.
 */
export function startWriters(ctx: TestContext, { world, materials }: Business, pauseMs: number) {
  let running = true;
  const completed: Array<{ id: number; at: number }> = [];
  const loop = async () => {
    while (running) {
      completed.push({ id: await completedOrder(ctx, world, materials), at: Date.now() });
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  };
  const tasks = [loop(), loop()];
  return {
    completed,
    async stop() {
      running = false;
      await Promise.all(tasks);
    },
  };
}

export interface LiveState {
  /** Orders completed so far: a backup taken after this must hold them all. */
  orders: number[];
  entries: number;
  members: number;
}

export async function liveState(ctx: TestContext): Promise<LiveState> {
  const count = async (table: string) => (await rows<{ n: number }>(ctx.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;
  return {
    orders: (await rows<{ id: number }>(ctx.db, sql`select id::int from orders where status = 'completed'`)).map((r) => r.id),
    entries: await count('wallet_entries'),
    members: await count('members'),
  };
}

export async function summaryOf(db: Database): Promise<SnapshotSummary> {
  return parseSummary((await rows<object>(db, sql.raw(SUMMARY_SQL)))[0]);
}

type Entry = { id: number; wallet_id: number; kind: string; order_id: number | null; amount_paise: number; balance_after_paise: number };

async function ledger(db: Database): Promise<Entry[]> {
  return rows<Entry>(db, sql`select id::int, wallet_id, kind, order_id::int, amount_paise::float8 as amount_paise, balance_after_paise::float8 as balance_after_paise from wallet_entries order by id`);
}

async function invoiceNumbers(db: Database): Promise<Map<number, string>> {
  const list = await rows<{ order_id: number; number: string }>(db, sql`select order_id::int, number from invoices`);
  return new Map(list.map((r) => [r.order_id, r.number]));
}

/**
 * What a restored copy must show: every order completed before the backup began, with its
 * invoice number; every ledger entry and invoice exactly as the live database has it; every
 * photo served; and books that add up (each order wholly in or wholly out).
 */
export async function expectFaithfulCopy(restored: TestContext, live: TestContext, before: LiveState, admin: World['admin']): Promise<void> {
  const [liveLedger, copyLedger] = [await ledger(live.db), await ledger(restored.db)];
  const liveById = new Map(liveLedger.map((e) => [e.id, e]));
  expect(copyLedger.length).toBeGreaterThanOrEqual(before.entries);
  for (const entry of copyLedger) expect(entry).toEqual(liveById.get(entry.id));

  const [liveInvoices, copyInvoices] = [await invoiceNumbers(live.db), await invoiceNumbers(restored.db)];
  for (const [orderId, number] of copyInvoices) expect(number).toBe(liveInvoices.get(orderId));
  for (const orderId of before.orders) expect(copyInvoices.get(orderId), `invoice of order ${orderId}`).toBe(liveInvoices.get(orderId));

  const members = await rows<{ n: number }>(restored.db, sql`select count(*)::int as n from members`);
  expect(members[0]!.n).toBe(before.members);

  // Wholly in or wholly out: a completed order has its invoice and its credits, nothing else has either.
  const orders = await rows<{ id: number; status: string; invoiced: boolean; credits: number }>(
    restored.db,
    sql`select o.id::int, o.status, exists(select 1 from invoices i where i.order_id = o.id) as invoiced,
               (select count(*)::int from wallet_entries e where e.order_id = o.id and e.kind = 'order_credit') as credits
        from orders o`,
  );
  for (const order of orders) {
    expect({ id: order.id, invoiced: order.invoiced, credits: order.credits }).toEqual({ id: order.id, invoiced: order.status === 'completed', credits: order.status === 'completed' ? 2 : 0 });
  }
  for (const id of before.orders) expect(orders.find((o) => o.id === id)?.status, `order ${id}`).toBe('completed');

  // Every wallet equals its entries, and its last entry's balance.
  const wallets = await rows<{ id: number; balance: number; sum: number; last: number | null }>(
    restored.db,
    sql`select w.id, w.balance_paise::float8 as balance, coalesce(sum(e.amount_paise), 0)::float8 as sum,
               (select balance_after_paise::float8 from wallet_entries l where l.wallet_id = w.id order by l.id desc limit 1) as last
        from wallets w left join wallet_entries e on e.wallet_id = w.id group by w.id`,
  );
  for (const wallet of wallets) {
    expect(wallet.sum, `wallet ${wallet.id}`).toBe(wallet.balance);
    expect(wallet.last ?? 0, `wallet ${wallet.id}`).toBe(wallet.balance);
  }
  const counters = await rows<{ ok: boolean }>(
    restored.db,
    sql`select bool_and(c.last_number = (select max(sequence) from invoices i where i.financial_year = c.financial_year)) as ok from invoice_counters c`,
  );
  expect(counters[0]!.ok).toBe(true);

  // Every photo the rows name is served by the restored API, byte for byte as the live one serves it.
  const photos = await rows<{ id: number; order_id: number }>(restored.db, sql`select id::int, order_id::int from order_images`);
  expect(photos.length).toBeGreaterThan(0);
  for (const photo of photos) {
    const url = `/orders/${photo.order_id}/images/${photo.id}`;
    const [res, original] = [await restored.app.inject({ method: 'GET', url, headers: admin.headers }), await live.app.inject({ method: 'GET', url, headers: admin.headers })];
    expect(res.statusCode, `photo ${photo.id} of order ${photo.order_id}`).toBe(200);
    expect(original.statusCode, `live photo ${photo.id}`).toBe(200);
    expect(res.rawPayload.length).toBeGreaterThan(0);
    expect(res.rawPayload.equals(original.rawPayload)).toBe(true);
  }
  const shown = await restored.app.inject({ method: 'GET', url: `/orders/${before.orders[0]}/invoice`, headers: admin.headers });
  expect(shown.statusCode, shown.body).toBe(200);
}

/** An empty database on the test server, dropped by the returned function. */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL!;
  const name = `kabadi_restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: withDatabase(server, name),
    async drop() {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A backup of `live` to `file` taken while orders complete (`pauseMs` between them): the
 * state before it, and its outcome, checked for what every backup must show (orders
 * completed during it, every photo it names inside it).
 */
export async function backupWhileOrdersComplete(live: TestContext, business: Business, file: string, pauseMs: number, say: (line: string) => void, protection: BackupProtection) {
  const writers = startWriters(live, business, pauseMs);
  while (writers.completed.length < 1) await new Promise((resolve) => setTimeout(resolve, 20));
  const before = await liveState(live);
  const started = Date.now();
  const outcome = await runBackup(live.config, file, say, protection);
  const finished = Date.now();
  await writers.stop();
  expect(writers.completed.filter((c) => c.at > started && c.at < finished).length, 'orders completed while the backup ran').toBeGreaterThan(0);
  expect(outcome.contents.end.missing_photos).toEqual([]);
  expect(outcome.contents.photos).toBe(outcome.contents.manifest.summary.photos);
  return { before, outcome };
}

export const TEST_BACKUP_KEY = 'the tests\' backup passphrase, not a secret';
export const withTestKey = (): { kind: 'encrypted'; key: BackupKey } => ({ kind: 'encrypted', key: new BackupKey(TEST_BACKUP_KEY) });

/**
 * The private keys the product keeps in its database, as text a file would show them in:
 * every signing key's private exponent and primes, and the VAPID private key (made here if
 * no start made it yet).
 */
export async function privateKeyTexts(ctx: TestContext): Promise<string[]> {
  await loadVapidKeys(ctx.db, ctx.config);
  const signing = await rows<{ d: string; p: string; q: string }>(ctx.db, sql`select private_jwk->>'d' as d, private_jwk->>'p' as p, private_jwk->>'q' as q from signing_keys`);
  const vapid = await rows<{ private_key: string }>(ctx.db, sql`select private_key from vapid_keys`);
  const texts = [...signing.flatMap((k) => [k.d, k.p, k.q]), ...vapid.map((v) => v.private_key)];
  expect(signing.length).toBeGreaterThan(0);
  expect(vapid.length).toBe(1);
  return texts;
}

/** The database entry of a backup file, opened with `key` when it is encrypted. */
export async function databaseBytesOf(file: string, key: BackupKey | null): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await readBackup(
    file,
    {
      async onDatabase(body) {
        for await (const chunk of body) chunks.push(chunk);
      },
    },
    key,
  );
  return Buffer.concat(chunks);
}

/** Which of `texts` occur in `bytes`. */
export const foundIn = (bytes: Buffer, texts: string[]) => texts.filter((text) => bytes.includes(Buffer.from(text)));
