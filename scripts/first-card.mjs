// When the member's data shows (design.md section 22): the time from navigation start to the
// paint of the first card with real data, which the pages mark with the Element Timing API
// (`elementtiming="first-card"` on the element holding the first card's text), and the
// main-thread work and blocking until then, read from Chromium's own trace of the load.
// One module for `npm run lighthouse` (puppeteer-core) and e2e/start-budget.spec.ts
// (Playwright): both hand it a page and a CDP session on it, whatever starts the app.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { screenEmulationMetrics, throttling, userAgents } from 'lighthouse/core/config/constants.js';

/** The Element Timing identifier the pages put on their first card (apps/web/src/element-timing.d.ts). */
export const FIRST_CARD = 'first-card';

/**
 * Lighthouse's mobile preset as devtools throttling: its slow 4G with the request latency and
 * throughputs it applies itself when told to throttle through devtools (round trip x 3.75,
 * throughput x 0.9: a per-request latency stands in for the simulated connection set-up),
 * and its 4x slower CPU.
 */
export const MOBILE_SLOW_4G = /** @type {{ requestLatencyMs: number, downloadThroughputKbps: number, uploadThroughputKbps: number, cpuSlowdownMultiplier: number }} */ (throttling.mobileSlow4G);
/** Lighthouse's phone: the screen and user agent of its mobile preset. */
export const MOBILE_SCREEN = /** @type {{ width: number, height: number, deviceScaleFactor: number, mobile: boolean }} */ (screenEmulationMetrics.mobile);
export const MOBILE_USER_AGENT = /** @type {string} */ (userAgents.mobile);

/**
 * What this module needs of a CDP session on the page: puppeteer's CDPSession or Playwright's
 * (methods, so either's more precise signatures fit).
 * @typedef {{
 *   send(method: string, params?: object): Promise<any>,
 *   on(event: string, listener: (params: any) => void): unknown,
 *   off(event: string, listener: (params: any) => void): unknown,
 * }} CdpSession
 */

/**
 * What this module needs of the page: puppeteer's Page or Playwright's.
 * @typedef {{
 *   goto(url: string, options?: { waitUntil?: 'domcontentloaded', timeout?: number }): Promise<unknown>,
 *   evaluate(pageFunction: (arg: any) => any, arg?: any): Promise<any>,
 *   url(): string,
 * }} MeasuredPage
 */

/**
 * One visit's figures, in ms from navigation start.
 * @typedef {object} FirstCard
 * @property {number} firstCardMs when the first card's text was painted
 * @property {number} workMs the renderer main thread's busy time until then (its tasks, clipped to the first card)
 * @property {number} blockingMs what of that was blocking as Lighthouse counts it: each task's time beyond 50 ms
 * @property {number} cpuMs the main thread's CPU time in those tasks (see workUntil)
 * @property {string} url where the page was when the first card showed
 */

/**
 * Applies Lighthouse's mobile conditions to the page's session: slow 4G (`network`), the 4x
 * slower CPU (`cpu`) and its phone's screen and user agent (`screen`; a Playwright context
 * that already sets its own viewport passes false).
 * @param {CdpSession} cdp
 * @param {{ network?: boolean, cpu?: boolean, screen?: boolean }} [options]
 */
export async function applyMobileConditions(cdp, { network = true, cpu = true, screen = true } = {}) {
  await cdp.send('Network.enable');
  if (network) {
    // Throughputs in bytes per second, as Lighthouse converts them (core/lib/emulation.js).
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE_SLOW_4G.requestLatencyMs,
      downloadThroughput: Math.floor((MOBILE_SLOW_4G.downloadThroughputKbps * 1024) / 8),
      uploadThroughput: Math.floor((MOBILE_SLOW_4G.uploadThroughputKbps * 1024) / 8),
    });
  }
  if (cpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_SLOW_4G.cpuSlowdownMultiplier });
  if (screen) {
    const { width, height, deviceScaleFactor, mobile } = MOBILE_SCREEN;
    await cdp.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor, mobile });
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true });
    await cdp.send('Network.setUserAgentOverride', { userAgent: MOBILE_USER_AGENT });
  }
}

/**
 * Ends the 4x slower CPU of applyMobileConditions. Chromium's CPU throttling of one page slows
 * the browser's other throttled pages too (four pages throttled at once each ran twice as slow
 * as one alone): a run that keeps several pages open throttles one at a time.
 * @param {CdpSession} cdp
 */
export async function releaseCpu(cdp) {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
}

/**
 * A first visit's storage: a cold HTTP cache, no service worker, no cache storage, no
 * IndexedDB (the data the app kept). Cookies and localStorage stay, so a signed-in member
 * stays signed in through the refresh cookie, as `npm run lighthouse` does for its runs.
 * @param {CdpSession} cdp
 * @param {string} origin
 */
export async function clearForFirstVisit(cdp, origin) {
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage,indexeddb' });
}

// Only what the figures need: the top-level tasks of every thread (`toplevel`; Lighthouse's
// own category held them up to some Chromium versions) and the page's navigation start
// (`blink.user_timing`), which is its time origin.
const TRACE_CATEGORIES = ['toplevel', 'disabled-by-default-lighthouse', 'blink.user_timing'];
// A thread's task, as Chromium has named it over the years (Lighthouse's trace-processor.js).
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadControllerImpl::DoWork', 'TaskQueueManager::ProcessTaskFromWorkQueue']);

/**
 * Records Chromium's trace while `during` runs and answers its events.
 * @template T
 * @param {CdpSession} cdp
 * @param {() => Promise<T>} during
 * @returns {Promise<{ result: T, events: any[] }>}
 */
async function traced(cdp, during) {
  /** @type {any[]} */
  const events = [];
  /** @param {{ value: any[] }} params */
  const onData = (params) => {
    for (const event of params.value) events.push(event);
  };
  cdp.on('Tracing.dataCollected', onData);
  try {
    await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { recordMode: 'recordAsMuchAsPossible', includedCategories: TRACE_CATEGORIES, excludedCategories: ['*'] } });
    /** @type {T} */
    let result;
    try {
      result = await during();
    } finally {
      /** @type {Promise<void>} */
      const complete = new Promise((resolve) => {
        const onComplete = () => {
          cdp.off('Tracing.tracingComplete', onComplete);
          resolve();
        };
        cdp.on('Tracing.tracingComplete', onComplete);
      });
      await cdp.send('Tracing.end');
      await complete;
    }
    return { result, events };
  } finally {
    cdp.off('Tracing.dataCollected', onData);
  }
}

const LONG_TASK_MS = 50;
const NO_NAVIGATION_START = 'the trace holds no navigation start of the page';

/**
 * The renderer main thread's work and blocking from the page's navigation start until
 * `untilMs` after it. The page's main thread is the one that marked the navigation start of
 * its main frame (the last one: a redirect's document replaces the first). Tasks are merged
 * where they overlap (a nested run loop's tasks lie inside another), so nothing counts twice.
 * Besides their time on the clock (workMs, blockingMs), the thread's CPU time in them (cpuMs:
 * the trace's thread duration, without the time the thread waited for a core or was held by
 * the CPU throttling), which a busy machine moves far less.
 * @param {any[]} events
 * @param {number} untilMs
 * @returns {{ workMs: number, blockingMs: number, cpuMs: number }}
 */
export function workUntil(events, untilMs) {
  const starts = events.filter((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && /^https?:/.test(e.args.data.documentLoaderURL ?? ''));
  const start = starts.at(-1);
  if (!start) throw new Error(NO_NAVIGATION_START);
  const from = start.ts;
  const until = from + untilMs * 1000;
  /** @type {[number, number, number][]} begin, end, thread time (µs) */
  const tasks = events
    .filter((e) => TASK_NAMES.has(e.name) && e.ph === 'X' && e.pid === start.pid && e.tid === start.tid && e.ts < until && e.ts + (e.dur ?? 0) > from)
    .map((e) => /** @type {[number, number, number]} */ ([e.ts, e.ts + (e.dur ?? 0), e.tdur ?? e.dur ?? 0]))
    .sort((a, b) => a[0] - b[0]);
  /** @type {[number, number, number][]} */
  const merged = [];
  for (const [begin, end, thread] of tasks) {
    const last = merged.at(-1);
    // A task inside another: its thread time is already the outer one's.
    if (last && begin <= last[1]) {
      if (end > last[1]) {
        last[2] += thread * ((end - last[1]) / Math.max(1, end - begin));
        last[1] = end;
      }
    } else merged.push([begin, end, thread]);
  }
  let work = 0;
  let blocking = 0;
  let cpu = 0;
  for (const [begin, end, thread] of merged) {
    const clippedBegin = Math.max(begin, from);
    const clippedEnd = Math.min(end, until);
    work += clippedEnd - clippedBegin;
    blocking += Math.max(0, (clippedEnd - begin) / 1000 - LONG_TASK_MS);
    // A task cut by the navigation start or the first card: its share of thread time.
    cpu += thread * ((clippedEnd - clippedBegin) / Math.max(1, end - begin));
  }
  return { workMs: work / 1000, blockingMs: blocking, cpuMs: cpu / 1000 };
}

/**
 * In the page: resolves with the paint time of the first element marked `identifier`, the
 * earliest if several (ms from the time origin), or rejects after `timeoutMs` saying where the
 * page is and what it shows.
 * @param {{ identifier: string, timeoutMs: number }} arg
 * @returns {Promise<number>}
 */
function firstCardPaint({ identifier, timeoutMs }) {
  return new Promise((resolve, reject) => {
    const observer = new PerformanceObserver((list) => {
      const times = list
        .getEntries()
        .filter((entry) => /** @type {PerformanceEntry & { identifier: string }} */ (entry).identifier === identifier)
        .map((entry) => /** @type {PerformanceEntry & { renderTime: number }} */ (entry).renderTime || entry.startTime);
      if (times.length === 0) return;
      clearTimeout(timer);
      observer.disconnect();
      resolve(Math.min(...times));
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      const shown = (document.body?.innerText ?? '').replace(/\s+/g, ' ').slice(0, 200);
      reject(new Error(`no element marked elementtiming="${identifier}" was painted within ${timeoutMs / 1000} s at ${location.pathname} (it shows: ${shown})`));
    }, timeoutMs);
    observer.observe({ type: 'element', buffered: true });
  });
}

/**
 * Loads `url` afresh and measures its first card. The caller sets the storage:
 * clearForFirstVisit for a first visit, nothing for a repeat one. The trace starts on
 * about:blank, and a load of about:blank comes first within it, so that every renderer has
 * begun recording before the page's navigation starts (a spare renderer told late, on a busy
 * machine, missed it once); a trace that still lacks it is thrown away and the visit made
 * again, once, by measureFirstVisit and measureVisits.
 * @param {CdpSession} cdp
 * @param {MeasuredPage} page
 * @param {string} url
 * @param {{ timeoutMs?: number, fromBlank?: boolean }} [options] fromBlank: the page is on about:blank already
 * @returns {Promise<FirstCard>}
 */
export async function measureFirstCard(cdp, page, url, { timeoutMs = 30_000, fromBlank = false } = {}) {
  if (!fromBlank) await page.goto('about:blank');
  const { result: firstCardMs, events } = await traced(cdp, async () => {
    await page.goto('about:blank');
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
    return /** @type {number} */ (await page.evaluate(firstCardPaint, { identifier: FIRST_CARD, timeoutMs }));
  });
  return { firstCardMs, ...workUntil(events, firstCardMs), url: page.url() };
}

const NAVIGATION_START_ATTEMPTS = 3;

/**
 * `visit` again, up to NAVIGATION_START_ATTEMPTS in all, when its trace lacked the navigation start.
 * @param {() => Promise<FirstCard>} visit
 * @returns {Promise<FirstCard>}
 */
async function againWithoutNavigationStart(visit) {
  // Twice in a row once on a busy machine, which ended a whole `npm run lighthouse` there.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await visit();
    } catch (error) {
      if (!(error instanceof Error) || error.message !== NO_NAVIGATION_START || attempt === NAVIGATION_START_ATTEMPTS) throw error;
      console.warn(`${NO_NAVIGATION_START}: measuring again`);
    }
  }
}

/**
 * A first visit: leaves the page (about:blank), clears what clearForFirstVisit clears, and
 * measures the first card.
 * @param {CdpSession} cdp
 * @param {MeasuredPage} page
 * @param {string} url
 * @param {{ timeoutMs?: number }} [options]
 * @returns {Promise<FirstCard>}
 */
export function measureFirstVisit(cdp, page, url, options = {}) {
  return againWithoutNavigationStart(async () => {
    await page.goto('about:blank');
    await clearForFirstVisit(cdp, new URL(url).origin);
    return measureFirstCard(cdp, page, url, { ...options, fromBlank: true });
  });
}

/**
 * In the page, after a first visit: waits until what a repeat visit finds is there, the
 * service worker activated (registered once the page has loaded and the browser is idle), the
 * start page kept where the app keeps one, and then the data the app keeps written (at most once a second after it changes). A page
 * without a worker (`serviceWorker` false) waits only for the data.
 * @param {{ serviceWorker: boolean, timeoutMs: number }} arg
 * @returns {Promise<string>} what was found ('activated', 'activated, page kept', 'no worker'); rejects on a timeout
 */
async function keptForRepeat({ serviceWorker, timeoutMs }) {
  const deadline = performance.now() + timeoutMs;
  /** @param {number} ms */
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  let found = 'no worker';
  if (serviceWorker) {
    for (;;) {
      const registration = await navigator.serviceWorker.getRegistration();
      if (registration?.active?.state === 'activated') break;
      if (performance.now() > deadline) throw new Error(`no service worker was activated within ${timeoutMs / 1000} s of the first visit at ${location.pathname}`);
      await sleep(200);
    }
    found = 'activated';
    // A phone's start page kept with its answers (decision 090), written once the app has its
    // start cookie: a page that has none goes on without after a few seconds.
    const until = Math.min(deadline, performance.now() + 10_000);
    for (;;) {
      if (await (await caches.open('kabadi-start-pages')).match(location.pathname)) {
        found = 'activated, page kept';
        break;
      }
      if (performance.now() > until) break;
      await sleep(200);
    }
  }
  await sleep(2_000);
  return found;
}

/**
 * A first visit (cold: clearForFirstVisit) and right after it a repeat one (the service worker
 * installed and controlling, the kept data in IndexedDB, the HTTP cache as it was left).
 * @param {CdpSession} cdp
 * @param {MeasuredPage} page
 * @param {string} url
 * @param {{ serviceWorker?: boolean, timeoutMs?: number }} [options]
 * @returns {Promise<{ first: FirstCard, repeat: FirstCard }>}
 */
export async function measureVisits(cdp, page, url, { serviceWorker = true, timeoutMs = 30_000 } = {}) {
  const first = await measureFirstVisit(cdp, page, url, { timeoutMs });
  await page.evaluate(keptForRepeat, { serviceWorker, timeoutMs });
  const repeat = await againWithoutNavigationStart(() => measureFirstCard(cdp, page, url, { timeoutMs }));
  return { first, repeat };
}

/**
 * The median (the middle one of an odd count, the lower middle of an even one, as the
 * Lighthouse figures are taken) and the spread of some runs' figures.
 * @param {number[]} values
 * @returns {{ median: number, min: number, max: number }}
 */
export function summarize(values) {
  if (values.length === 0) throw new Error('no runs to summarize');
  const sorted = [...values].sort((a, b) => a - b);
  return { median: /** @type {number} */ (sorted[Math.floor((sorted.length - 1) / 2)]), min: /** @type {number} */ (sorted[0]), max: /** @type {number} */ (sorted.at(-1)) };
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** @type {Record<string, string>} */
const CONTENT_TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.json': 'application/json', '.woff2': 'font/woff2' };

/**
 * Builds the floor page (apps/web/lighthouse-floor: React, MUI and the app's theme drawing
 * eight cards from a JSON file, nothing else) and serves it as the product serves its own
 * (brotli, no caching), on a port of its own. The yardstick of `npm run lighthouse` and of
 * the start budget: the machine sets the floor, the product the multiple (decision 044).
 * @returns {Promise<{ url: string, stop(): void }>}
 */
export async function startFloor() {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-floor-'));
  const build = spawnSync('npx', ['vite', 'build', 'apps/web/lighthouse-floor', '--outDir', outDir, '--emptyOutDir', '--base', './', '--logLevel', 'error'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('the floor page did not build');
  // Compressed once here, as the product's build does (brotli's best takes seconds for the
  // page's script: compressed per request, that time counted as the floor's).
  /** @type {Map<string, { body: Buffer, br: Buffer }>} */
  const files = new Map();
  for (const name of fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(outDir, name);
    if (!fs.statSync(file).isFile()) continue;
    const body = fs.readFileSync(file);
    files.set(`/${name.split(path.sep).join('/')}`, { body, br: zlib.brotliCompressSync(body) });
  }
  fs.rmSync(outDir, { recursive: true, force: true });
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://floor').pathname;
    const file = files.get(pathname === '/' ? '/index.html' : pathname);
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    const headers = { 'content-type': CONTENT_TYPES[path.extname(pathname === '/' ? 'index.html' : pathname)] ?? 'application/octet-stream', 'cache-control': 'no-store' };
    if (/\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''))) response.writeHead(200, { ...headers, 'content-encoding': 'br' }).end(file.br);
    else response.writeHead(200, headers).end(file.body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the floor server has no port');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    stop() {
      server.close();
    },
  };
}
