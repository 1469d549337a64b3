// `npm run lighthouse`: Lighthouse's mobile preset (simulated slow 4G, 4x slower CPU) on
// /login, the three phone sections' home pages and /Admin/Orders, three runs each, medians
// printed against each page's targets (exit 1 when any misses). It starts the
// product (`node scripts/start.mjs`, a fresh data directory, its own ports) unless
// `--url http://localhost:8080` names one already running in dev mode (demo accounts).
// The signed-in pages are measured with a cold HTTP cache but a live session: the demo
// account signs in once through the page, then every run keeps the refresh cookie.
// Each run also measures the stack's floor (apps/web/lighthouse-floor: React, MUI and the
// app's theme drawing a phone home's worth of cards, nothing else) and prints every page's
// blocking time as a multiple of it: the machine sets the floor, the product the multiple
// (decision 044).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { demoLoginOf, signInDemo } from './demo-sign-in.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '/login,/Store/Home,/Driver/Home,/Vendor/Home,/Admin/Orders' },
    json: { type: 'string' },
    'reports-dir': { type: 'string' },
    'skip-floor': { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
// Who signs in for a page: the section's demo account.
const SECTIONS_SIGNED_IN = new Set(['store', 'driver', 'vendor', 'admin']);
// Each page's targets: /login's from issue 9 (decision 022), the phone sections' from
// design.md section 15; /Admin/Orders is a desktop page held only to its blocking time.
const PHONE = { performance: 0.9, lcpMs: 2500, tbtMs: 200, cls: 0.05 };
const TARGETS = {
  '/login': { ...PHONE, accessibility: 1, bestPractices: 1, jsKb: 150 },
  '/Store/Home': PHONE,
  '/Driver/Home': PHONE,
  '/Vendor/Home': PHONE,
  '/Admin/Orders': { tbtMs: 300 },
};

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
];

async function waitFor(url, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Starts the product as `npm start` does, on its own ports and data directory. */
async function startProduct() {
  const apiPort = Number(process.env.LIGHTHOUSE_API_PORT ?? 3400);
  const webPort = Number(process.env.LIGHTHOUSE_WEB_PORT ?? 8480);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-lighthouse-'));
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
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
    },
  });
  const webUrl = `http://localhost:${webPort}`;
  const exited = new Promise((_, reject) => child.once('exit', (code) => reject(new Error(`the product exited (${code}) before it answered`))));
  await Promise.race([waitFor(`${webUrl}/config.json`, 300_000), exited]);
  return {
    webUrl,
    stop() {
      child.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const FLOOR_PAGE = '(floor)';
const CONTENT_TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.woff2': 'font/woff2' };

/**
 * Builds the floor page and serves it as the product serves its own (brotli, no caching), on
 * a port of its own. Returns its address and a stop function.
 */
async function startFloor() {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-floor-'));
  const build = spawnSync('npx', ['vite', 'build', 'apps/web/lighthouse-floor', '--outDir', outDir, '--emptyOutDir', '--base', './', '--logLevel', 'error'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('the floor page did not build');
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://floor').pathname;
    const file = path.join(outDir, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(outDir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    const body = fs.readFileSync(file);
    const headers = { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' };
    if (/\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''))) response.writeHead(200, { ...headers, 'content-encoding': 'br' }).end(zlib.brotliCompressSync(body));
    else response.writeHead(200, headers).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    stop() {
      server.close();
      fs.rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/** One Lighthouse run: the figures this script reports. */
async function measure(page, url, signedIn) {
  // A cold HTTP cache every run; a signed-in run keeps its cookies and localStorage
  // (disableStorageReset), but not the service worker, its caches or the data the app kept
  // in IndexedDB (decision 029): those would make a repeat run a cached one.
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(url).origin, storageTypes: 'service_workers,cache_storage,indexeddb' });
  await cdp.detach();
  const result = await lighthouse(
    url,
    { logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility', 'best-practices'], disableStorageReset: signedIn },
    undefined,
    page,
  );
  const { lhr } = result;
  if (args['reports-dir']) {
    fs.mkdirSync(args['reports-dir'], { recursive: true });
    fs.writeFileSync(path.join(args['reports-dir'], `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`), result.report);
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scripts = lhr.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script');
  return {
    performance: lhr.categories.performance.score,
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
    tbtMs: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    accessibility: lhr.categories.accessibility.score,
    bestPractices: lhr.categories['best-practices'].score,
    jsKb: (scripts?.transferSize ?? 0) / 1024,
    finalUrl: lhr.finalDisplayedUrl,
    failing: Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && ['binary', 'numeric'].includes(audit.scoreDisplayMode) && !audit.id.match(/^(largest-contentful|total-blocking|cumulative-layout|first-contentful|speed-index|interactive|max-potential)/))
      .filter((audit) => audit.score < 0.9)
      .map((audit) => audit.id),
  };
}

/** Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART, NO_FCP): such a run is repeated, twice at most. */
async function measureWithRetry(page, url, signedIn) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(page, url, signedIn);
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`${url}: run failed (${error instanceof Error ? error.message : String(error)}), trying again`);
    }
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function main() {
  const product = args.url ? null : await startProduct();
  const floor = args['skip-floor'] ? null : await startFloor();
  const baseUrl = (args.url ?? product.webUrl).replace(/\/$/, '');
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const report = [];
  try {
    for (const pagePath of [...(floor ? [FLOOR_PAGE] : []), ...args.pages.split(',')]) {
      const pageUrl = pagePath === FLOOR_PAGE ? floor.url : `${baseUrl}${pagePath}`;
      const section = pagePath.split('/')[1]?.toLowerCase();
      const loginId = SECTIONS_SIGNED_IN.has(section) ? demoLoginOf(section) : undefined;
      // Each page in its own browser context: one account's cookie does not leak into another's page.
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      if (loginId) await signInDemo(page, baseUrl, loginId);
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await measureWithRetry(page, pageUrl, !!loginId));
      await context.close();
      const keys = ['performance', 'lcpMs', 'tbtMs', 'cls', 'accessibility', 'bestPractices', 'jsKb'];
      const figures = Object.fromEntries(keys.map((key) => [key, median(runs.map((r) => r[key]))]));
      // The spread of the runs (lowest, highest), which a figure in the README carries with its median.
      const spread = Object.fromEntries(keys.map((key) => [key, [Math.min(...runs.map((r) => r[key])), Math.max(...runs.map((r) => r[key]))]]));
      report.push({ page: pagePath, ...figures, spread, finalUrls: [...new Set(runs.map((r) => r.finalUrl))], failing: [...new Set(runs.flatMap((r) => r.failing))] });
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
    product?.stop();
    floor?.stop();
  }
  const floorTbt = report.find((r) => r.page === FLOOR_PAGE)?.tbtMs;
  const hasFloor = floorTbt !== undefined;
  // A quiet machine can measure the floor at 0 ms, which gives no multiple.
  const ofFloor = (tbtMs) => (floorTbt > 0 ? (tbtMs / floorTbt).toFixed(1) : '-');

  console.log(`Lighthouse ${RUNS === 1 ? '1 run' : `${RUNS} runs, medians`}; mobile preset (simulated slow 4G, 4x CPU slowdown)`);
  console.log(`page            perf   LCP s   TBT ms   CLS     a11y   best-pr  JS KB (transfer)${hasFloor ? '  TBT / floor' : ''}`);
  for (const r of report) {
    console.log(
      `${r.page.padEnd(15)} ${r.performance.toFixed(2).padStart(4)}  ${(r.lcpMs / 1000).toFixed(2).padStart(6)}  ${Math.round(r.tbtMs).toString().padStart(7)}  ${r.cls.toFixed(3).padStart(6)}  ${r.accessibility.toFixed(2).padStart(5)}  ${r.bestPractices.toFixed(2).padStart(7)}  ${r.jsKb.toFixed(1).padStart(8)}${hasFloor ? `  ${ofFloor(r.tbtMs).padStart(11)}` : ''}`,
    );
    if (RUNS > 1) {
      const [p, lcp, tbt] = [r.spread.performance, r.spread.lcpMs, r.spread.tbtMs];
      console.log(`                spread: perf ${p[0].toFixed(2)}-${p[1].toFixed(2)}, LCP ${(lcp[0] / 1000).toFixed(2)}-${(lcp[1] / 1000).toFixed(2)} s, TBT ${Math.round(tbt[0])}-${Math.round(tbt[1])} ms`);
    }
    if (r.failing.length > 0) console.log(`                failing audits: ${r.failing.join(', ')}`);
    if (r.page !== FLOOR_PAGE && !r.finalUrls.every((u) => u.toLowerCase().endsWith(r.page.toLowerCase()))) console.log(`                ended at ${r.finalUrls.join(', ')}`);
  }
  if (hasFloor) console.log(`${FLOOR_PAGE}: React, MUI and the theme drawing eight cards, nothing else (apps/web/lighthouse-floor); what this machine's blocking time is for the stack alone`);
  if (args.json) fs.writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`);

  for (const r of report) {
    const target = TARGETS[r.page];
    if (!target) continue;
    const misses = [
      target.performance !== undefined && r.performance < target.performance && `performance ${r.performance} < ${target.performance}`,
      target.lcpMs !== undefined && r.lcpMs > target.lcpMs && `LCP ${Math.round(r.lcpMs)} ms > ${target.lcpMs} ms`,
      target.tbtMs !== undefined && r.tbtMs > target.tbtMs && `TBT ${Math.round(r.tbtMs)} ms > ${target.tbtMs} ms`,
      target.cls !== undefined && r.cls > target.cls && `CLS ${r.cls.toFixed(3)} > ${target.cls}`,
      target.accessibility !== undefined && r.accessibility < target.accessibility && `accessibility ${r.accessibility} < ${target.accessibility}`,
      target.bestPractices !== undefined && r.bestPractices < target.bestPractices && `best practices ${r.bestPractices} < ${target.bestPractices}`,
      target.jsKb !== undefined && r.jsKb > target.jsKb && `JS ${r.jsKb.toFixed(1)} KB > ${target.jsKb} KB`,
    ].filter(Boolean);
    if (misses.length > 0) {
      console.log(`${r.page} misses its targets: ${misses.join('; ')}`);
      process.exitCode = 1;
    } else console.log(`${r.page} meets its targets.`);
  }
}

await main();
