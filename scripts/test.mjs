// `npm test`: everything, in the order that fails fastest. Missing prerequisites stop the
// run with the command that installs them; nothing is skipped silently.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const CHROMIUM = '/usr/bin/chromium';
const NGINX = '/usr/sbin/nginx';
const LOCAL_PG = 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  if (result.status !== 0) process.exit(result.status ?? 1);
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

step('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
step('type check', 'npm', ['run', 'typecheck', '--silent']);
step('unit and API tests (PGlite and PostgreSQL)', 'npx', ['vitest', 'run']);
// The same API suite again, PostgreSQL only, each app as two processes behind nginx.
step('API tests through nginx (two processes per test database)', 'npm', ['run', 'test:api-through-nginx', '--silent']);
step('web build', 'npm', ['run', 'build', '--silent']);
step('bundle size', 'npm', ['-w', '@app/web', 'run', 'size', '--silent']);
// deploy/: two API processes on one fresh PostgreSQL behind nginx, photos in a local S3 (about 20 s).
step('several API processes behind nginx', 'npm', ['run', 'test:cluster', '--silent'], { SKIP_WEB_BUILD: '1', CLUSTER_WEB_DIST_DIR: path.resolve('apps/web/dist') });
step('browser tests (Chromium)', 'npx', ['playwright', 'test']);
