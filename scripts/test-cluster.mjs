// `npm run test:cluster`: the example deployment of deploy/ on a fresh PostgreSQL database
// and a local S3 server: two API processes started at the same moment, nginx in front.
// Checks that both answer /healthz, runs an order's life cycle through nginx, and reads
// through one process a photo stored through the other. Then takes a backup while both
// processes complete orders, and restores it into an empty database and another bucket.
import { spawn } from 'node:child_process';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import pg from 'pg';
import S3rver from 's3rver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const started = Date.now();
const log = (msg) => console.log(`[cluster ${((Date.now() - started) / 1000).toFixed(1)} s] ${msg}`);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

let cluster = null;

async function waitFor(url, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (cluster && cluster.exitCode !== null) throw new Error(`deploy/start.sh ended (${cluster.exitCode}) before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const withDatabase = (url, name) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

// A real 1x1 PNG.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082',
  'hex',
);

const dbName = `kabadi_cluster_${randomBytes(5).toString('hex')}`;
const restoredDbName = `${dbName}_restored`;
const ORIGINAL_BUCKET = 'kabadi-photos';
const RESTORED_BUCKET = 'kabadi-restored';
const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-cluster-'));
const s3Dir = path.join(runDir, 's3');
fs.mkdirSync(s3Dir);
const admin = new pg.Client({ connectionString: baseUrl });
let s3 = null;

async function cleanUp() {
  if (cluster && cluster.exitCode === null) {
    // The script's own process group: start.sh, both API processes and nginx.
    try {
      process.kill(-cluster.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await new Promise((resolve) => {
      const force = setTimeout(() => {
        try {
          process.kill(-cluster.pid, 'SIGKILL');
        } catch {
          // gone
        }
        resolve();
      }, 15_000);
      cluster.on('exit', () => {
        clearTimeout(force);
        resolve();
      });
    });
  }
  await s3?.close().catch(() => undefined);
  for (const name of [dbName, restoredDbName]) await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
  fs.rmSync(runDir, { recursive: true, force: true });
}

async function main() {
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: ORIGINAL_BUCKET }, { name: RESTORED_BUCKET }] });
  const { port: s3Port } = await s3.run();
  const [publicApi, publicWeb, api1, api2, web1, web2] = await Promise.all(Array.from({ length: 6 }, freePort));
  const env = {
    ...process.env,
    DATABASE_URL: withDatabase(baseUrl, dbName),
    STORAGE_URL: `s3://${ORIGINAL_BUCKET}?endpoint=${encodeURIComponent(`http://127.0.0.1:${s3Port}`)}&region=us-east-1&force_path_style=true`,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    PUBLIC_API_PORT: String(publicApi),
    PUBLIC_WEB_PORT: String(publicWeb),
    API_PORT_1: String(api1),
    API_PORT_2: String(api2),
    WEB_PORT_1: String(web1),
    WEB_PORT_2: String(web2),
    RUN_DIR: path.join(runDir, 'run'),
    WEB_DIST_DIR: process.env.CLUSTER_WEB_DIST_DIR ?? path.join(runDir, 'dist'),
    LOG_LEVEL: 'warn',
  };
  log(`starting deploy/start.sh (database ${dbName}, nginx on ${publicApi} and ${publicWeb})`);
  cluster = spawn('bash', [path.join(root, 'deploy/start.sh')], { cwd: root, env, stdio: 'inherit', detached: true });
  cluster.on('exit', (code) => log(`deploy/start.sh ended (${code})`));

  await Promise.all([waitFor(`http://127.0.0.1:${api1}/healthz`), waitFor(`http://127.0.0.1:${api2}/healthz`)]);
  log('both API processes answer /healthz');
  const viaNginx = `http://127.0.0.1:${publicApi}`;
  await waitFor(`${viaNginx}/healthz`);
  const page = await waitFor(`http://127.0.0.1:${publicWeb}/`);
  assert.match(page.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);

  const call = async (base, method, url, { token, body, headers = {} } = {}) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: res.status, json, headers: res.headers, text };
  };
  const ok = async (promise, expected = [200, 201, 204]) => {
    const res = await promise;
    assert.ok(expected.includes(res.status), `expected ${expected}, got ${res.status}: ${res.text.slice(0, 300)}`);
    return res;
  };

  const signIn = async (loginId) => {
    const res = await ok(call(viaNginx, 'POST', '/auth/login', { body: { login_id: loginId, password: 'demo1234' } }));
    assert.match(res.headers.get('set-cookie') ?? '', /HttpOnly/i);
    return res.json.access_token;
  };
  const store = await signIn('store@demo.kabadi.in');
  const driver = await signIn('driver@demo.kabadi.in');
  const adminToken = await signIn('admin@demo.kabadi.in');
  log('signed in through nginx');

  // CORS answers only the web app's origin.
  const preflight = await call(viaNginx, 'OPTIONS', '/auth/refresh', { headers: { origin: env.WEB_ORIGIN ?? `http://localhost:${publicWeb}`, 'access-control-request-method': 'POST' } });
  assert.equal(preflight.headers.get('access-control-allow-origin'), `http://localhost:${publicWeb}`);

  // Pickups any time of day and any weight: the test may run at night.
  const rules = (await ok(call(viaNginx, 'GET', '/settings/order', { token: adminToken }))).json.value;
  await ok(call(viaNginx, 'PUT', '/settings/order/', { token: adminToken, body: { ...rules, pickup_window_start: '00:00', pickup_window_end: '23:59', min_order_weight_kg: 0 } }));

  const materials = (await ok(call(viaNginx, 'GET', '/materials', { token: store }))).json;
  const created = (await ok(call(viaNginx, 'POST', '/orders/', { token: store, body: { details: [{ material_id: materials[0].id }, { material_id: materials[1].id, weight: 2 }] } }))).json;
  const id = created.id;
  for (const action of ['accepted', 'moving', 'arrived']) await ok(call(viaNginx, 'PATCH', `/orders/${action}/${id}/`, { token: driver }));

  // A photo stored through process 1 is served by process 2 (both use the S3 store).
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'load.png');
  const uploaded = (await ok(call(`http://127.0.0.1:${api1}`, 'POST', `/orders/${id}/images`, { token: driver, body: form }))).json;
  // The server re-encodes every photo (design.md section 23), so the bytes to expect are the ones process 1 serves.
  const [stored, photo] = await Promise.all(
    [api1, api2].map((port) => fetch(`http://127.0.0.1:${port}${uploaded.url}`, { headers: { authorization: `Bearer ${adminToken}` } })),
  );
  assert.equal(stored.status, 200);
  assert.equal(photo.status, 200);
  assert.equal(photo.headers.get('content-type'), 'image/jpeg');
  const storedBytes = Buffer.from(await stored.arrayBuffer());
  assert.ok(storedBytes.length > 0 && Buffer.from(await photo.arrayBuffer()).equals(storedBytes), 'the other process served other bytes');
  log('a photo stored through one process was served by the other');

  const order = (await ok(call(viaNginx, 'GET', `/orders/${id}/`, { token: driver }))).json;
  const details = order.details.map((d, i) => ({ id: d.id, material_id: d.material.id, weight: [10.5, 3][i] ?? 1 }));
  await ok(call(viaNginx, 'PATCH', `/orders/waiting_store/${id}/`, { token: driver, body: { details } }));
  await ok(call(viaNginx, 'PATCH', `/orders/complete/${id}/`, { token: store }));
  // Read back on both processes directly: whichever answers sees the same order.
  for (const port of [api1, api2]) {
    const seen = (await ok(call(`http://127.0.0.1:${port}`, 'GET', `/orders/${id}/`, { token: adminToken }))).json;
    assert.equal(seen.status, 'completed');
    assert.equal(seen.image_count, 1);
  }
  log(`order ${id} went from pending to completed through nginx`);

  // The refresh cookie, set through one process, is honoured by the other.
  const login = await call(`http://127.0.0.1:${api1}`, 'POST', '/auth/login', { body: { login_id: 'vendor@demo.kabadi.in', password: 'demo1234' } });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  await ok(call(`http://127.0.0.1:${api2}`, 'POST', '/auth/refresh', { body: {}, headers: { cookie } }));
  log('refresh cookie from one process accepted by the other');

  await backupWhileBothProcessesWrite({ env, s3Port, viaNginx, call, ok, store, driver, materials });
}

/** Runs one of the API's command-line tools (npm run backup / restore) and answers what it printed. */
function runTool(script, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, script), ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${script} ended with ${code}:\n${out}`))));
  });
}

/**
 * design.md section 17 with several processes: `npm run backup` while both API processes
 * complete orders (each with a photo) through nginx, then `npm run restore` into an empty
 * database and another bucket. The restore holds what the file says, no completed order lost
 * its ledger entries, and every photo its rows name is in the new bucket with its bytes.
 */
async function backupWhileBothProcessesWrite({ env, s3Port, viaNginx, call, ok, store, driver, materials }) {
  const completeOne = async () => {
    const made = (await ok(call(viaNginx, 'POST', '/orders/', { token: store, body: { details: [{ material_id: materials[0].id, weight: 1 }] } }))).json;
    for (const action of ['accepted', 'moving', 'arrived']) await ok(call(viaNginx, 'PATCH', `/orders/${action}/${made.id}/`, { token: driver }));
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'load.png');
    await ok(call(viaNginx, 'POST', `/orders/${made.id}/images`, { token: driver, body: form }));
    const full = (await ok(call(viaNginx, 'GET', `/orders/${made.id}/`, { token: driver }))).json;
    const details = full.details.map((d) => ({ id: d.id, material_id: d.material.id, weight: 2 }));
    await ok(call(viaNginx, 'PATCH', `/orders/waiting_store/${made.id}/`, { token: driver, body: { details } }));
    await ok(call(viaNginx, 'PATCH', `/orders/complete/${made.id}/`, { token: store }));
    return Date.now();
  };
  let writing = true;
  const completedAt = [];
  const writer = (async () => {
    while (writing) completedAt.push(await completeOne());
  })();
  while (completedAt.length < 1) await new Promise((resolve) => setTimeout(resolve, 50));

  const file = path.join(runDir, 'cluster-backup.tar.gz.enc');
  // A backup is encrypted with the operator's key (design.md section 23); the restore needs the same one.
  const BACKUP_KEY = 'cluster test backup key, not a secret';
  const started = Date.now();
  const printed = await runTool('apps/api/src/backup/backup-cli.ts', [file], { ...env, BACKUP_KEY, DATA_DIR: path.join(runDir, 'backup-data') });
  const ended = Date.now();
  writing = false;
  await writer;
  assert.ok(completedAt.some((at) => at > started && at < ended), `no order completed while the backup ran (${completedAt.length} in all)`);
  const holds = /It holds (\d+) members, (\d+) orders, (\d+) ledger entries, (\d+) invoices.*?, (\d+) photos/.exec(printed);
  assert.ok(holds, `the backup did not say what it holds:\n${printed}`);
  const [members, orders, entries, invoices, photos] = holds.slice(1).map(Number);
  log(`backup taken while ${completedAt.length} orders completed through nginx: ${orders} orders, ${photos} photos`);

  await admin.query(`create database ${restoredDbName}`);
  const restoredUrl = withDatabase(baseUrl, restoredDbName);
  const restoredStorage = env.STORAGE_URL.replace(`s3://${ORIGINAL_BUCKET}`, `s3://${RESTORED_BUCKET}`);
  await runTool('apps/api/src/backup/restore-cli.ts', [file], { ...env, BACKUP_KEY, DATABASE_URL: restoredUrl, STORAGE_URL: restoredStorage, DATA_DIR: path.join(runDir, 'restored-data') });

  const restored = new pg.Client({ connectionString: restoredUrl });
  await restored.connect();
  try {
    const counts = (await restored.query('select (select count(*) from members)::int as members, (select count(*) from orders)::int as orders, (select count(*) from wallet_entries)::int as entries, (select count(*) from invoices)::int as invoices, (select count(*) from order_images)::int as photos')).rows[0];
    assert.deepEqual(counts, { members, orders, entries, invoices, photos });
    const torn = (await restored.query("select count(*)::int as n from orders o where o.status = 'completed' and not exists (select 1 from wallet_entries w where w.order_id = o.id)")).rows[0].n;
    assert.equal(torn, 0, 'a completed order came back without its ledger entries');
    const keys = (await restored.query('select storage_key from order_images')).rows.map((row) => row.storage_key);
    assert.equal(keys.length, photos);
    const client = new S3Client({ endpoint: `http://127.0.0.1:${s3Port}`, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    for (const key of keys) {
      // The server re-encodes photos (design.md section 23): the bytes to expect are the original bucket's.
      const [original, object] = await Promise.all([ORIGINAL_BUCKET, RESTORED_BUCKET].map((Bucket) => client.send(new GetObjectCommand({ Bucket, Key: key }))));
      const originalBytes = Buffer.from(await original.Body.transformToByteArray());
      assert.ok(originalBytes.length > 0 && Buffer.from(await object.Body.transformToByteArray()).equals(originalBytes), `photo ${key} came back with other bytes`);
    }
  } finally {
    await restored.end();
  }
  log(`restored into an empty database and another bucket: ${orders} orders, ${entries} ledger entries and ${photos} photos, each photo's bytes`);
}

main()
  .then(async () => {
    await cleanUp();
    log('passed');
    process.exit(0);
  })
  .catch(async (error) => {
    console.error(error);
    await cleanUp();
    log('FAILED');
    process.exit(1);
  });
