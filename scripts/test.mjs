// `npm test`: everything, in the order that fails fastest. Missing prerequisites stop the
// run with the command that installs them; nothing is skipped silently. Steps that do not
// depend on each other run side by side (two cores: one CPU-bound step overlaps another's
// waiting on PostgreSQL, the browser or the network); their output is printed whole as
// each ends, so it never interleaves.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const CHROMIUM = '/usr/bin/chromium';
const NGINX = '/usr/sbin/nginx';
const LOCAL_PG = 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const runStarted = Date.now();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${seconds(started)} s ===`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** A step whose output is kept until it ends. */
function quietStep(name, command, args, env = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const output = [];
    const child = spawn(command, args, { env: { ...process.env, FORCE_COLOR: '0', ...env } });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      console.log(`\n=== ${name} ===\n${Buffer.concat(output).toString('utf8').trimEnd()}`);
      console.log(`=== ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds(started)} s ===`);
      resolve(status ?? 1);
    });
  });
}

/** Steps side by side; the run stops after them if any failed. */
async function together(...steps) {
  const started = Date.now();
  console.log(`\n=== side by side: ${steps.map((s) => s[0]).join(' | ')} ===`);
  const statuses = await Promise.all(steps.map((s) => quietStep(...s)));
  console.log(`=== side by side: done in ${seconds(started)} s ===`);
  const failed = statuses.find((status) => status !== 0);
  if (failed !== undefined) process.exit(failed);
}

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

const PREREQUISITES = path.resolve(import.meta.dirname, 'test-prerequisites.sh');

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/** What is missing of what the tests need beside npm packages (scripts/test-prerequisites.sh installs it). */
async function missingPrerequisites() {
  const missing = [];
  if (!fs.existsSync(CHROMIUM)) missing.push(`Chromium at ${CHROMIUM}`);
  if (!fs.existsSync(NGINX)) missing.push(`nginx at ${NGINX}`);
  if (!hasCommand('pg_dump')) missing.push('pg_dump (the PostgreSQL client)');
  if (!process.env.TEST_DATABASE_URL && !(await portOpen(5432))) missing.push('a PostgreSQL server on 127.0.0.1:5432 (or TEST_DATABASE_URL)');
  return missing;
}

let missing = await missingPrerequisites();
if (missing.length > 0) {
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (asRoot && hasCommand('apt-get')) {
    console.log(`Missing: ${missing.join(', ')}. Installing with scripts/test-prerequisites.sh…`);
    const installed = spawnSync('bash', [PREREQUISITES], { stdio: 'inherit' });
    if (installed.status !== 0) process.exit(installed.status ?? 1);
    missing = await missingPrerequisites();
  }
  if (missing.length > 0) {
    console.error(
      `Missing: ${missing.join(', ')}.\n` +
        'On Debian, install them with (as root):\n  sudo bash scripts/test-prerequisites.sh\n' +
        'or set TEST_DATABASE_URL to a PostgreSQL server you have.',
    );
    process.exit(1);
  }
}
if (!process.env.TEST_DATABASE_URL) {
  process.env.TEST_DATABASE_URL = LOCAL_PG;
  console.log(`TEST_DATABASE_URL not set: using the PostgreSQL server on 127.0.0.1:5432 (${LOCAL_PG}).`);
}

// CPU-bound and independent of each other.
await together(
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['type check', 'npm', ['run', 'typecheck', '--silent']],
  ['web build', 'npm', ['run', 'build', '--silent']],
);
step('bundle size', 'npm', ['-w', '@app/web', 'run', 'size', '--silent']);
step('unit and API tests (PGlite and PostgreSQL)', 'npx', ['vitest', 'run']);

/** The browser suite in two shards, each on its own product instances and ports. */
const browserShard = (index, count) => [
  `browser tests (Chromium), shard ${index} of ${count}`,
  'npx',
  ['playwright', 'test', `--shard=${index}/${count}`],
  {
    E2E_WORKERS: '1',
    E2E_API_PORT: String(3000 + 100 * index),
    E2E_WEB_PORT: String(8080 + 100 * index),
    E2E_OUTPUT_DIR: `test-results/shard-${index}`,
    E2E_REPORT_DIR: `playwright-report/shard-${index}`,
  },
];
await together(
  // A subset of the API files (every documented route), each app as two processes behind nginx.
  ['API tests through nginx (two processes per test database)', 'npm', ['run', 'test:api-through-nginx', '--silent']],
  // deploy/: two API processes on one fresh PostgreSQL behind nginx, photos in a local S3.
  ['several API processes behind nginx', 'npm', ['run', 'test:cluster', '--silent'], { SKIP_WEB_BUILD: '1', CLUSTER_WEB_DIST_DIR: path.resolve('apps/web/dist') }],
  browserShard(1, 2),
  browserShard(2, 2),
);
console.log(`\nnpm test: everything passed in ${seconds(runStarted)} s.`);
