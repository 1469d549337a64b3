// `npm run test:api-through-nginx`: the whole API suite against two API processes behind
// nginx (deploy/nginx.conf.template) on one PostgreSQL database per test file; every
// app.inject() of the suite goes over HTTP through nginx (apps/api/src/test/through-nginx.ts).
import { spawnSync } from 'node:child_process';

const env = { ...process.env, API_TESTS_THROUGH_NGINX: '1' };
env.TEST_DATABASE_URL ??= 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api', ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
