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

if (!fs.existsSync(CHROMIUM)) {
  console.error(`Chromium is missing at ${CHROMIUM}. Install it with:\n  apt-get update && apt-get install -y chromium`);
  process.exit(1);
}
if (!fs.existsSync(NGINX)) {
  console.error(`nginx is missing at ${NGINX} (the several-processes test runs behind it). Install it with:\n  apt-get update && apt-get install -y nginx-light`);
  process.exit(1);
}
if (!process.env.TEST_DATABASE_URL) {
  if (await portOpen(5432)) {
    process.env.TEST_DATABASE_URL = LOCAL_PG;
    console.log(`TEST_DATABASE_URL not set: using the PostgreSQL server on 127.0.0.1:5432 (${LOCAL_PG}).`);
  } else {
    console.error(
      'No PostgreSQL server: API tests must also run on PostgreSQL. Start one with:\n' +
        '  apt-get install -y postgresql && pg_ctlcluster 15 main start\n' +
        'or set TEST_DATABASE_URL to a server you have.',
    );
    process.exit(1);
  }
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
