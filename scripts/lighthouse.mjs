// `npm run lighthouse`: Lighthouse's mobile preset (simulated slow 4G, 4x slower CPU) on
// /login, the public /Sell, the three phone sections' home pages and /Admin/Orders, three runs each, medians
// printed against each page's targets (exit 1 when any misses). It starts the
// product (`node scripts/start.mjs`, a fresh data directory, its own ports) unless
// `--url http://localhost:8080` names one already running in dev mode (demo accounts).
// The signed-in pages are measured with a cold HTTP cache but a live session: the demo
// account signs in once through the page, then every run keeps the refresh cookie.
// Each run also measures the stack's floor (apps/web/lighthouse-floor: React, MUI and the
// app's theme drawing a phone home's worth of cards from a JSON file, nothing else) and prints
// every page's blocking time as a multiple of it: the machine sets the floor, the product the
// multiple (decision 044).
// Then what the member sees (design.md section 22): on the three phone homes and the floor,
// when the first card with data is painted on a first visit (cold) and on a repeat one (the
// service worker and the kept data in place), under Lighthouse's mobile conditions applied as
// devtools throttling (scripts/first-card.mjs), with the main-thread work and blocking until
// then. `--first-card-only` skips the Lighthouse runs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { demoLoginOf, signInDemo } from './demo-sign-in.mjs';
import { MOBILE_SLOW_4G, applyMobileConditions, measureVisits, startFloor, summarize } from './first-card.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '/login,/Sell,/Store/Home,/Driver/Home,/Vendor/Home,/Admin/Orders' },
    json: { type: 'string' },
    'reports-dir': { type: 'string' },
    'skip-floor': { type: 'boolean', default: false },
    'first-card-only': { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
// Who signs in for a page: the section's demo account.
const SECTIONS_SIGNED_IN = new Set(['store', 'driver', 'vendor', 'admin']);
// Each page's targets: /login's from issue 9 (decision 022), the phone sections' from
// design.md section 15; /Admin/Orders is a desktop page held to its LCP and blocking time
// (design.md section 22); /Sell, the households' public page, loads as fast as /login
// (design.md section 21): prerendered, measured as a first visit (no city kept yet).
const PHONE = { performance: 0.9, lcpMs: 2500, tbtMs: 200, cls: 0.05 };
const TARGETS = {
  '/login': { ...PHONE, accessibility: 1, bestPractices: 1, jsKb: 150 },
  '/Sell': { ...PHONE, performance: 0.95 },
  '/Store/Home': PHONE,
  '/Driver/Home': PHONE,
  '/Vendor/Home': PHONE,
  '/Admin/Orders': { lcpMs: 2500, tbtMs: 300 },
};
// The first card with data on the phone homes (design.md section 22): within 2.0 s on a first
// visit, 0.6 s on a repeat one.
const FIRST_CARD_TARGETS = {
  '/Store/Home': { firstMs: 2000, repeatMs: 600 },
  '/Driver/Home': { firstMs: 2000, repeatMs: 600 },
  '/Vendor/Home': { firstMs: 2000, repeatMs: 600 },
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

/**
 * The first card of each page, RUNS first visits each followed by a repeat visit, in a
 * context of its own signed in as the section's demo account. The first page is visited once
 * before, unmeasured: the browser's own first load of a page made whatever came first the
 * slowest.
 */
async function measureFirstCards(browser, pages, baseUrl, floor) {
  const results = [];
  for (const [index, pagePath] of pages.entries()) {
    const isFloor = pagePath === FLOOR_PAGE;
    const pageUrl = isFloor ? floor.url : `${baseUrl}${pagePath}`;
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    if (!isFloor) await signInDemo(page, baseUrl, demoLoginOf(pagePath.split('/')[1].toLowerCase()));
    const cdp = await page.createCDPSession();
    await applyMobileConditions(cdp);
    if (index === 0) await measureVisits(cdp, page, pageUrl, { serviceWorker: !isFloor });
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await measureVisits(cdp, page, pageUrl, { serviceWorker: !isFloor }));
    await context.close();
    results.push({
      page: pagePath,
      firstMs: summarize(runs.map((r) => r.first.firstCardMs)),
      repeatMs: summarize(runs.map((r) => r.repeat.firstCardMs)),
      workMs: summarize(runs.map((r) => r.first.workMs)),
      cpuMs: summarize(runs.map((r) => r.first.cpuMs)),
      blockingMs: summarize(runs.map((r) => r.first.blockingMs)),
      repeatWorkMs: summarize(runs.map((r) => r.repeat.workMs)),
      finalUrls: [...new Set(runs.flatMap((r) => [r.first.url, r.repeat.url]))],
    });
  }
  return results;
}

/** "1234 (1200-1300)": a median and its spread, in ms. */
const withSpread = ({ median: m, min, max }) => (RUNS > 1 ? `${Math.round(m)} (${Math.round(min)}-${Math.round(max)})` : String(Math.round(m)));

function printFirstCards(firstCards) {
  const floor = firstCards.find((r) => r.page === FLOOR_PAGE);
  const ofFloor = (value, floorValue) => (floorValue > 0 ? (value / floorValue).toFixed(1) : '-');
  console.log(
    `\nFirst card with data, ${RUNS === 1 ? '1 run' : `${RUNS} runs, median (lowest-highest)`}; devtools throttling: ${MOBILE_SLOW_4G.requestLatencyMs} ms a request, ` +
      `${Math.round(MOBILE_SLOW_4G.downloadThroughputKbps)}/${Math.round(MOBILE_SLOW_4G.uploadThroughputKbps)} kbps, ${MOBILE_SLOW_4G.cpuSlowdownMultiplier}x CPU, Lighthouse's phone screen`,
  );
  console.log(`page            ${'first visit ms'.padEnd(20)}${'repeat visit ms'.padEnd(20)}${'CPU to card ms'.padEnd(20)}${'blocking ms'.padEnd(18)}${floor ? 'first / floor  CPU / floor' : ''}`);
  for (const r of firstCards) {
    console.log(
      `${r.page.padEnd(15)} ${withSpread(r.firstMs).padEnd(20)}${withSpread(r.repeatMs).padEnd(20)}${withSpread(r.cpuMs).padEnd(20)}${withSpread(r.blockingMs).padEnd(18)}` +
        (floor ? `${ofFloor(r.firstMs.median, floor.firstMs.median).padStart(13)}  ${ofFloor(r.cpuMs.median, floor.cpuMs.median).padStart(11)}` : ''),
    );
    if (r.page !== FLOOR_PAGE && !r.finalUrls.every((u) => new URL(u).pathname.toLowerCase() === r.page.toLowerCase())) console.log(`                ended at ${r.finalUrls.join(', ')}`);
  }
  if (floor) console.log(`${FLOOR_PAGE}: its first of eight cards drawn from a JSON file asked for at start; no service worker, so its repeat visit loads it all again`);
  console.log('CPU: the main thread\'s CPU time from navigation start to the first card (its time on the clock, workMs, is in --json); blocking: its tasks\' time beyond 50 ms until then.');
}

async function main() {
  const product = args.url ? null : await startProduct();
  const floor = args['skip-floor'] ? null : await startFloor();
  const baseUrl = (args.url ?? product.webUrl).replace(/\/$/, '');
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const report = [];
  let firstCards = [];
  let firstCardError = null;
  try {
    for (const pagePath of args['first-card-only'] ? [] : [...(floor ? [FLOOR_PAGE] : []), ...args.pages.split(',')]) {
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
    const firstCardPages = args.pages.split(',').filter((p) => p in FIRST_CARD_TARGETS);
    try {
      if (firstCardPages.length > 0) firstCards = await measureFirstCards(browser, [...(floor ? [FLOOR_PAGE] : []), ...firstCardPages], baseUrl, floor);
    } catch (error) {
      // The Lighthouse figures above are still printed.
      firstCardError = error;
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

  if (report.length > 0) {
    console.log(`Lighthouse ${RUNS === 1 ? '1 run' : `${RUNS} runs, medians`}; mobile preset (simulated slow 4G, 4x CPU slowdown)`);
    console.log(`page            perf   LCP s   TBT ms   CLS     a11y   best-pr  JS KB (transfer)${hasFloor ? '  TBT / floor' : ''}`);
  }
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
  if (firstCards.length > 0) printFirstCards(firstCards);
  if (firstCardError) {
    console.log(`\nThe first-card measurement failed: ${firstCardError instanceof Error ? firstCardError.stack : String(firstCardError)}`);
    process.exitCode = 1;
  }
  if (args.json) fs.writeFileSync(args.json, `${JSON.stringify({ lighthouse: report, firstCard: firstCards }, null, 2)}\n`);

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
  for (const r of firstCards) {
    const target = FIRST_CARD_TARGETS[r.page];
    if (!target) continue;
    const misses = [
      r.firstMs.median > target.firstMs && `first card on a first visit ${Math.round(r.firstMs.median)} ms > ${target.firstMs} ms`,
      r.repeatMs.median > target.repeatMs && `first card on a repeat visit ${Math.round(r.repeatMs.median)} ms > ${target.repeatMs} ms`,
    ].filter(Boolean);
    if (misses.length > 0) {
      console.log(`${r.page} misses its first-card targets: ${misses.join('; ')}`);
      process.exitCode = 1;
    } else console.log(`${r.page} meets its first-card targets.`);
  }
}

await main();
