// `npm run test:api-through-nginx`: API test files against two API processes behind nginx
// (deploy/nginx.conf.template) on one PostgreSQL database per test file; every
// app.inject() of those files goes over HTTP through nginx (apps/api/src/test/through-nginx.ts).
//
// By default a subset: the files below, which together reach every documented route (the
// whole suite already ran on PostgreSQL in-process; through nginx it would add five minutes
// of CI for requests already proven). The pass fails when a documented route was not reached
// or a process answered nothing, so a new route shows up here until a file covering it is
// listed. `--all` runs every API file; `--all --suggest` also prints a smallest covering set.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A cover of the documented routes chosen with `--all --suggest`, plus the files about what
 * two processes must agree on: the balancer check itself, idempotency keys, rate limits
 * counted in the database, and the order list's cache following the change feed.
 */
const SUBSET = [
  'apps/api/src/features/auth/otp.test.ts',
  'apps/api/src/features/auth/passwords.test.ts',
  'apps/api/src/features/auth/sessions.test.ts',
  'apps/api/src/features/catalog/geography.test.ts',
  'apps/api/src/features/catalog/materials.test.ts',
  'apps/api/src/features/catalog/public-rates.test.ts',
  'apps/api/src/features/catalog/rate-card.test.ts',
  'apps/api/src/features/driver-positions/driver-positions.test.ts',
  'apps/api/src/features/driver-positions/eta-routing.test.ts',
  'apps/api/src/features/escalations/escalations.test.ts',
  'apps/api/src/features/invoices/invoice-waits.test.ts',
  'apps/api/src/features/invoices/invoices.test.ts',
  'apps/api/src/features/invoices/kept-invoice-pdf.test.ts',
  'apps/api/src/features/members/admin-accounts.test.ts',
  'apps/api/src/features/members/member-approval.test.ts',
  'apps/api/src/features/orders/household-life.test.ts',
  'apps/api/src/features/orders/list-ordering.test.ts',
  'apps/api/src/features/orders/list-orders.test.ts',
  'apps/api/src/features/orders/order-feed.test.ts',
  'apps/api/src/features/orders/order-image-removal.test.ts',
  'apps/api/src/features/orders/order-notifications.test.ts',
  'apps/api/src/features/orders/order-rules.test.ts',
  'apps/api/src/features/partners/drivers.test.ts',
  'apps/api/src/features/partners/staff.test.ts',
  'apps/api/src/features/partners/stores.test.ts',
  'apps/api/src/features/partners/vendor-gstin.test.ts',
  'apps/api/src/features/partners/vendors.test.ts',
  'apps/api/src/features/payouts/payouts.test.ts',
  'apps/api/src/features/push/push-subscriptions.test.ts',
  'apps/api/src/features/receipts/receipts.test.ts',
  'apps/api/src/features/reconciliation/money-reports.test.ts',
  'apps/api/src/features/saved-views/saved-views.test.ts',
  'apps/api/src/features/settings/settings.test.ts',
  'apps/api/src/http/input-bounds.test.ts',
  'apps/api/src/idempotency/idempotent.test.ts',
  'apps/api/src/notifications/notify.test.ts',
  'apps/api/src/rate-limit/rate-limiter.test.ts',
  'apps/api/src/test/through-nginx.test.ts',
  'apps/api/src/whatsapp/whatsapp-delivery.test.ts',
];

const args = process.argv.slice(2);
const all = args.includes('--all');
const suggest = args.includes('--suggest');
const passOn = args.filter((arg) => arg !== '--all' && arg !== '--suggest');
const files = passOn.some((arg) => !arg.startsWith('-')) || all ? [] : SUBSET;

const coverageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-route-coverage-'));
const env = { ...process.env, API_TESTS_THROUGH_NGINX: '1', API_ROUTE_COVERAGE_DIR: coverageDir };
env.TEST_DATABASE_URL ??= 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
// Both API projects: the subset holds a file that mocks a module (vitest.config.ts).
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api', '--project', 'api-mocking', ...files, ...passOn], { stdio: 'inherit', env });
if (result.status !== 0) process.exit(result.status ?? 1);

const reports = fs.readdirSync(coverageDir).map((name) => JSON.parse(fs.readFileSync(path.join(coverageDir, name), 'utf8')));
fs.rmSync(coverageDir, { recursive: true, force: true });
const documented = new Set(reports.flatMap((report) => report.routes));
const reached = new Map();
const perProcess = [0, 0];
for (const report of reports) {
  for (const [route, counts] of Object.entries(report.hits)) {
    reached.set(route, (reached.get(route) ?? new Set()).add(report.testFile));
    perProcess[0] += counts[0];
    perProcess[1] += counts[1];
  }
}

if (suggest) {
  // Greedy set cover, preferring files that reach many routes not yet covered per request made.
  const byFile = new Map();
  for (const report of reports) {
    const routes = byFile.get(report.testFile) ?? new Set();
    for (const route of Object.keys(report.hits)) if (documented.has(route)) routes.add(route);
    byFile.set(report.testFile, routes);
  }
  const left = new Set([...documented].filter((route) => reached.has(route)));
  const chosen = [];
  while (left.size > 0) {
    let best = null;
    let bestGain = 0;
    for (const [file, routes] of byFile) {
      const gain = [...routes].filter((route) => left.has(route)).length;
      if (gain > bestGain) [best, bestGain] = [file, gain];
    }
    if (!best) break;
    chosen.push(best);
    for (const route of byFile.get(best)) left.delete(route);
    byFile.delete(best);
  }
  console.log(`\nA covering set of ${chosen.length} files:\n${chosen.sort().map((file) => `  '${file}',`).join('\n')}`);
}

const missing = [...documented].filter((route) => !reached.has(route)).sort();
console.log(`\nThrough nginx: ${reached.size} routes reached of ${documented.size} documented; process 1 answered ${perProcess[0]} requests, process 2 ${perProcess[1]}.`);
if (perProcess[0] === 0 || perProcess[1] === 0) {
  console.error('One of the two API processes answered nothing: the balancer is not spreading requests.');
  process.exit(1);
}
if (missing.length > 0 && files === SUBSET) {
  console.error(`Not reached through nginx:\n${missing.map((route) => `  ${route}`).join('\n')}\nAdd a test file that calls them to SUBSET in scripts/test-api-through-nginx.mjs (\`--all --suggest\` prints a covering set).`);
  process.exit(1);
}
