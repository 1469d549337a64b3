// `node scripts/trace-ab.mjs --a http://localhost:8480 --b http://localhost:8580 --page /Store/Home`:
// compares two builds of the web app on one page (decision 041). Each build runs as its own
// product in dev mode (demo accounts), e.g. `WEB_DIST_DIR=/tmp/dist-b WEB_PORT=8580 API_PORT=3500
// API_BASE_URL=http://localhost:3500 npm start`. The page is loaded cold (no HTTP cache, no
// service worker, no kept data; the session stays), with a trace, alternately on A and B, and
// the medians printed: the main thread's busy time, its tasks weighted as Lighthouse's 4x CPU
// counts blocking time (4 x duration - 50 ms), and the observed LCP. Single runs vary by
// 20-30 % on a 2-core machine: alternating the builds keeps that noise out of the comparison.
import { parseArgs } from 'node:util';
import puppeteer from 'puppeteer-core';
import { demoLoginOf, signInDemo } from './demo-sign-in.mjs';

const { values: args } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    page: { type: 'string', default: '/Store/Home' },
    login: { type: 'string' },
    rounds: { type: 'string', default: '8' },
  },
});
if (!args.a || !args.b) throw new Error('Name both builds: --a <url> --b <url>');
const bases = { A: args.a.replace(/\/$/, ''), B: args.b.replace(/\/$/, '') };
const section = args.page.split('/')[1]?.toLowerCase();
const loginId = args.login ?? demoLoginOf(section);

const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless=new'] });
const pages = {};
for (const [name, base] of Object.entries(bases)) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  // Lighthouse's phone (its mobile preset's user agent and screen): a phone gets the frame (decision 042).
  await page.setUserAgent('Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36');
  await page.setViewport({ width: 412, height: 823, isMobile: true, deviceScaleFactor: 1.75 });
  await signInDemo(page, base, loginId);
  pages[name] = page;
}

/** One cold load of the page on build `name`: its figures, or null when the trace lost the navigation. */
async function measure(name) {
  const page = pages[name];
  const base = bases[name];
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(base).origin, storageTypes: 'service_workers,cache_storage,indexeddb' });
  await page.goto('about:blank');
  await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing'] });
  await page.goto(`${base}${args.page}`, { waitUntil: 'load' });
  await new Promise((resolve) => setTimeout(resolve, 4500));
  const { traceEvents: events } = JSON.parse(Buffer.from(await page.tracing.stop()).toString('utf8'));
  await cdp.detach();
  const navigation = events.find((e) => e.name === 'navigationStart' && (e.args?.data?.documentLoaderURL ?? '').includes(args.page));
  if (!navigation) return null;
  const main = events.find((e) => e.name === 'thread_name' && e.pid === navigation.pid && e.args.name === 'CrRendererMain');
  const tasks = events.filter((e) => e.pid === navigation.pid && e.tid === main?.tid && e.name === 'RunTask' && e.ph === 'X' && e.ts >= navigation.ts).map((e) => e.dur / 1000);
  const lcp = Math.max(...events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.pid === navigation.pid).map((e) => (e.ts - navigation.ts) / 1000));
  if (!Number.isFinite(lcp)) return null;
  return { busy: tasks.reduce((sum, d) => sum + d, 0), blocking: tasks.reduce((sum, d) => sum + Math.max(0, 4 * d - 50), 0), lcp };
}

const results = { A: [], B: [] };
for (let round = 0; round < Number(args.rounds); round += 1) {
  for (const name of round % 2 ? ['B', 'A'] : ['A', 'B']) {
    const figures = await measure(name);
    if (figures) results[name].push(figures);
  }
}
await browser.close();

const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
console.log(`${args.page}, ${args.rounds} rounds; medians (ms)`);
for (const name of ['A', 'B']) {
  const runs = results[name];
  if (runs.length === 0) {
    console.log(`${name}: no run recorded a navigation`);
    continue;
  }
  const [busy, blocking, lcp] = ['busy', 'blocking', 'lcp'].map((key) => Math.round(median(runs.map((run) => run[key]))));
  console.log(`${name} ${bases[name]}: busy ${busy}, 4x-weighted blocking ${blocking}, LCP ${lcp} (${runs.length} runs)`);
}
