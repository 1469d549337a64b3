import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { TILES } from './e2e/map-tiles';
import { PRODUCTION } from './e2e/production-instance';

// Browser tests run against the real product: `node scripts/start.mjs` builds the web app
// when needed and serves the API and the web host, on their own ports and a fresh DATA_DIR
// (PGlite starts clean, demo accounts are created, mails go to DATA_DIR/outbox/).
// This file is read by the runner and again by each worker: the data directory is made
// once and handed down through the environment.

const apiPort = Number(process.env.E2E_API_PORT ?? 3100);
const webPort = Number(process.env.E2E_WEB_PORT ?? 8180);
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
// A second instance in production mode serving the store role, for the rules that differ
// outside dev (one role per deployment, no demo accounts, a configured first admin).
process.env.E2E_PROD_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-e2e-'));
const prodDataDir = process.env.E2E_PROD_DATA_DIR;
const webDist: Record<string, string> = process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {};
// Map tiles from e2e/tile-server.mjs (decision 071), whatever the shell says: no page of a test
// reaches the internet for one. Through the environment too, for the instances a spec starts
// itself (cognito-instance.ts passes its environment on).
const mapTiles = { MAP_TILE_URL: TILES.url, MAP_TILE_ATTRIBUTION: TILES.attribution, MAP_TILE_ATTRIBUTION_URL: '' };
Object.assign(process.env, mapTiles);
const relaxedLimits = {
  // Browser tests sign in far more often than a person would.
  RATE_LIMITS: 'login.login_id=1000/60,login.address=1000/60,signup.login_id=1000/60,signup.address=1000/60,forgot_password.login_id=1000/60,forgot_password.address=1000/60,otp_request.phone=1000/60,otp_request.address=1000/60,otp_verify.address=1000/60',
};

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  },
};

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  // Two cores shared with the server: two browsers at most. Tests that share the demo
  // accounts' orders, Settings or rates take turns (project `chromium`); the ones marked
  // BESIDE_OTHERS (e2e/support.ts) and the production instance's run beside them.
  // `npm test` runs two shards side by side, each on its own instances, with one worker each
  // (E2E_WORKERS=1): the tests that take turns then take them in two queues, not one.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Both shards, their four servers and two browsers share two cores with the API tests
  // through nginx: a test that takes 10 s alone has taken four to eight times that in CI, and
  // a slower machine's run (2026-11-27) took 26 minutes a shard, with the longest tests at
  // 1.7 min and a sign-out at 8 s after its page was released. One generous limit for every
  // test, and for every expectation, instead of per-test raises that each run outgrows.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  // Each shard keeps its own traces and report: a run empties its output folder when it starts.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: process.env.E2E_REPORT_DIR ?? 'playwright-report' }]] : 'list',
  use: {
    baseURL: `http://localhost:${webPort}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /(production|cognito)\.spec\.ts$/,
      grepInvert: /@beside-others/,
      workers: 1,
      use: chromium,
    },
    {
      name: 'beside',
      testIgnore: /(production|cognito)\.spec\.ts$/,
      grep: /@beside-others/,
      use: chromium,
    },
    {
      name: 'production',
      testMatch: /production\.spec\.ts$/,
      use: { ...chromium, baseURL: PRODUCTION.webUrl },
    },
    {
      // AUTH_PROVIDER=cognito: the spec starts its own pool (cognito-local) and product instance.
      name: 'cognito',
      testMatch: /cognito\.spec\.ts$/,
      use: chromium,
    },
  ],
  webServer: [
  {
    command: `node e2e/tile-server.mjs ${TILES.port}`,
    url: `${TILES.origin}/0/0/0.png`,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
  },
  {
    command: 'node scripts/start.mjs',
    url: `http://localhost:${webPort}/config.json`,
    reuseExistingServer: !process.env.CI,
    // A first start builds the web app.
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      API_PORT: String(apiPort),
      WEB_PORT: String(webPort),
      API_BASE_URL: `http://localhost:${apiPort}`,
      DATA_DIR: dataDir,
      APP_ENV: 'dev',
      APP_ROLE: 'admin',
      AUTH_PROVIDER: 'local',
      SMTP_URL: '',
      ADMIN_LOGIN_ID: '',
      ADMIN_PASSWORD: '',
      LOG_LEVEL: 'warn',
      ...relaxedLimits,
      ...mapTiles,
      ...webDist,
    },
  },
  {
    // Shares the first instance's web build: it starts once that one answers.
    command: `node scripts/start-after.mjs http://localhost:${webPort}/config.json`,
    url: `${PRODUCTION.webUrl}/config.json`,
    reuseExistingServer: !process.env.CI,
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      API_PORT: String(PRODUCTION.apiPort),
      WEB_PORT: String(PRODUCTION.webPort),
      API_BASE_URL: PRODUCTION.apiUrl,
      DATA_DIR: prodDataDir,
      APP_ENV: 'production',
      APP_ROLE: PRODUCTION.role,
      AUTH_PROVIDER: 'local',
      SMTP_URL: '',
      ADMIN_LOGIN_ID: PRODUCTION.admin.loginId,
      ADMIN_PASSWORD: PRODUCTION.admin.password,
      LOG_LEVEL: 'warn',
      ...relaxedLimits,
      ...mapTiles,
      ...webDist,
    },
  },
  ],
});
