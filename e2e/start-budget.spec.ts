import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, signIn, test } from './support';
import { MOBILE_SCREEN, MOBILE_USER_AGENT, applyMobileConditions, measureFirstVisit, releaseCpu, startFloor, summarize, type FirstCard } from '../scripts/first-card.mjs';

// The start budget (design.md section 22, issue 44): each phone home's first visit, judged by
// when its first card with data is painted (Element Timing, scripts/first-card.mjs) and by the
// main thread's CPU time until then, as a multiple of the floor (apps/web/lighthouse-floor: a
// bare React + MUI page drawing eight cards from a JSON file) measured in the same run, on the
// same machine, under the same conditions: the machine sets the floor, the product the multiple.
// A slower start than the budget allows fails `npm test`; the second test shows that it does.
//
// Conditions: Lighthouse's phone (screen, user agent) and its 4x slower CPU, the network as it
// is (local). Not its slow 4G: a request's throttled latency (562 ms) would make both figures
// mostly the count of round trips, the same for every run, and hide the CPU work that is what
// changes when a start gets heavier; `npm run lighthouse` holds the homes to the slow-4G
// targets in milliseconds. The work is the main thread's CPU time, not its time on the clock: a
// machine busy with other tests holds a thread off its core, which the clock counts and the CPU
// time does not. Each home visit comes right after a visit of the floor, and the home is judged
// by the median of its three ratios to the floor visit before it: a busy moment of the machine
// falls on both of a pair.

/** A phone home and its section's demo account (who signs in to see it). */
interface Home {
  path: string;
  loginId: string;
}

const HOMES: readonly Home[] = [
  { path: DEMO.store.start, loginId: DEMO.store.loginId },
  { path: DEMO.driver.start, loginId: DEMO.driver.loginId },
  { path: DEMO.vendor.start, loginId: DEMO.vendor.loginId },
];

/**
 * How many times the floor's figures each home may take: `firstCard` for the time to the first
 * card, `cpu` for the main thread's CPU time until then. Set on 2026-12-06 from fifteen runs of
 * this spec on the 2-core development machine while other helpers' builds and browser tests
 * ran beside it (load average 2 to 9). Seen (lowest-highest median ratio): /Store/Home first
 * card 2.5-6.7x, CPU 3.6-5.4x; /Driver/Home 3.1-4.8x, 4.0-6.1x; /Vendor/Home 2.7-5.5x,
 * 3.1-5.3x. The CPU budget is the highest seen times 1.5, for a CI machine as busy: a start
 * that needs about 1.7 times the CPU it needs now fails, a smaller regression may pass (the
 * noise of a shared 2-core machine allows no tighter with three pairs of visits). The time on
 * the clock moves with the machine's load far more (a thread waiting for a core): its budget is
 * the highest seen times 2, against a start gone badly wrong (a request that waits, a render
 * that loops). Re-measure and set again when the floor page, the machine or the way the app
 * starts changes (down as well as up), never to let a slower start pass.
 */
const BUDGETS: Record<string, { firstCard: number; cpu: number }> = {
  '/Store/Home': { firstCard: 13.3, cpu: 8 },
  '/Driver/Home': { firstCard: 9.6, cpu: 9.1 },
  '/Vendor/Home': { firstCard: 11, cpu: 8 },
};

/**
 * The size of the deliberately slowed start: this many times the floor's work on the clock, as
 * a busy loop before the page's own scripts. With five, /Store/Home measured 8.7-9.7x the floor
 * in CPU, too close to its budget for a sure verdict; with eight, 16.0-18.7x (its start about
 * doubled).
 */
const SLOWDOWN_FLOORS = 8;
const RUNS = 3;

interface Verdict {
  pass: boolean;
  report: string;
}

/** A home's visit and the floor's visit just before it. */
interface Pair {
  home: FirstCard;
  floor: FirstCard;
}

/** The one judge of a home's start: the medians of its ratios to the floor against its budget. */
function judge(path: string, pairs: Pair[]): Verdict {
  const budget = BUDGETS[path];
  if (!budget) throw new Error(`no start budget for ${path}`);
  const median = (values: number[]) => summarize(values).median;
  const firstCard = median(pairs.map((p) => p.home.firstCardMs / p.floor.firstCardMs));
  const cpu = median(pairs.map((p) => p.home.cpuMs / p.floor.cpuMs));
  const misses = [firstCard > budget.firstCard && `first card ${firstCard.toFixed(2)}x the floor > ${budget.firstCard}x`, cpu > budget.cpu && `CPU until it ${cpu.toFixed(2)}x the floor > ${budget.cpu}x`].filter(Boolean);
  const figures =
    `${path}: first card ${firstCard.toFixed(2)}x the floor, CPU ${cpu.toFixed(2)}x ` +
    `(medians: ${Math.round(median(pairs.map((p) => p.home.firstCardMs)))} ms and ${Math.round(median(pairs.map((p) => p.home.cpuMs)))} ms; ` +
    `the floor ${Math.round(median(pairs.map((p) => p.floor.firstCardMs)))} ms and ${Math.round(median(pairs.map((p) => p.floor.cpuMs)))} ms)`;
  return { pass: misses.length === 0, report: misses.length === 0 ? `${figures}: within budget` : `${figures}: over budget (${misses.join('; ')})` };
}

/** A page to measure: its own context on Lighthouse's phone, and a CDP session on it. */
interface Subject {
  url: string;
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
}

const PHONE = {
  viewport: { width: MOBILE_SCREEN.width, height: MOBILE_SCREEN.height },
  deviceScaleFactor: MOBILE_SCREEN.deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
  userAgent: MOBILE_USER_AGENT,
};

async function subject(browser: Browser, baseURL: string, url: string, signInAs?: Home): Promise<Subject> {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  if (signInAs) await signIn(page, signInAs.loginId, DEMO_PASSWORD, signInAs.path);
  return { url, context, page, cdp: await context.newCDPSession(page) };
}

/** In the page, before anything of it runs: a busy loop of `ms` on the home (not on the about:blank between visits). */
function busyStart({ path, ms }: { path: string; ms: number }) {
  if (location.pathname.toLowerCase() !== path.toLowerCase()) return;
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // as a heavier start would be
  }
}

/**
 * Slows each visit of `s` by SLOWDOWN_FLOORS times the work of the floor visit just before it:
 * sized pair by pair, as the figures are judged.
 */
function slowedStart(s: Subject): (floor: FirstCard) => Promise<void> {
  let identifier: string | undefined;
  return async (floor) => {
    // The session's scripts reach new documents only with its Page domain on.
    await s.cdp.send('Page.enable');
    if (identifier) await s.cdp.send('Page.removeScriptToEvaluateOnNewDocument', { identifier });
    const arg = { path: new URL(s.url).pathname, ms: SLOWDOWN_FLOORS * floor.workMs };
    ({ identifier } = await s.cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: `(${busyStart.toString()})(${JSON.stringify(arg)})` }));
    console.log(`${arg.path} slowed by ${Math.round(arg.ms)} ms`);
  };
}

/** One first visit of a subject, its CPU slowed 4x meanwhile only: Chromium's throttling of one page slows the others too. */
async function visit(s: Subject): Promise<FirstCard> {
  await applyMobileConditions(s.cdp, { network: false, screen: false });
  const figures = await measureFirstVisit(s.cdp, s.page, s.url).finally(() => releaseCpu(s.cdp));
  console.log(`${new URL(s.url).pathname.padEnd(14)} first card ${Math.round(figures.firstCardMs)} ms, CPU ${Math.round(figures.cpuMs)} ms, work ${Math.round(figures.workMs)} ms, blocking ${Math.round(figures.blockingMs)} ms`);
  // Left on its page, an app goes on working (live updates, timers) while the others are measured.
  await s.page.goto('about:blank');
  return figures;
}

/**
 * RUNS pairs of visits for each home: the floor, then the home (after `beforeHome`). The floor
 * is visited once before, unmeasured: the browser's own first load of a page (its caches, its
 * processes) made whatever came first the slowest.
 */
async function measurePairs(floorSubject: Subject, homes: Subject[], beforeHome?: (floor: FirstCard) => Promise<void>): Promise<Pair[][]> {
  await visit(floorSubject);
  const pairs: Pair[][] = homes.map(() => []);
  for (let run = 0; run < RUNS; run += 1) {
    for (const [i, home] of homes.entries()) {
      const floor = await visit(floorSubject);
      await beforeHome?.(floor);
      pairs[i]!.push({ floor, home: await visit(home) });
    }
  }
  return pairs;
}

// Playwright's own trace and screencast of a failure would be measured with the pages.
test.use({ trace: 'off', screenshot: 'off', video: 'off' });

let floor: Awaited<ReturnType<typeof startFloor>> | undefined;

test.beforeAll(async () => {
  floor = await startFloor();
});

test.afterAll(() => floor?.stop());

test('each phone home starts within its budget of the bare React page, measured in the same run', async ({ browser, baseURL }) => {
  if (!floor || !baseURL) throw new Error('no floor page or base URL');
  // Signed in side by side: nothing is measured yet.
  const subjects = await Promise.all([subject(browser, baseURL, floor.url), ...HOMES.map((home) => subject(browser, baseURL, `${baseURL}${home.path}`, home))]);
  const [floorSubject, ...homes] = subjects;
  const pairs = await measurePairs(floorSubject!, homes).finally(() => Promise.all(subjects.map((s) => s.context.close())));
  const verdicts = HOMES.map((home, i) => judge(home.path, pairs[i]!));
  for (const verdict of verdicts) console.log(verdict.report);
  expect(verdicts.filter((v) => !v.pass).map((v) => v.report)).toEqual([]);
});

test('a start slowed by eight floors of main-thread work is judged over budget', async ({ browser, baseURL }) => {
  if (!floor || !baseURL) throw new Error('no floor page or base URL');
  const home = HOMES[0]!;
  const subjects = await Promise.all([subject(browser, baseURL, floor.url), subject(browser, baseURL, `${baseURL}${home.path}`, home)]);
  const [floorSubject, slowed] = subjects;
  const [pairs] = await measurePairs(floorSubject!, [slowed!], slowedStart(slowed!)).finally(() => Promise.all(subjects.map((s) => s.context.close())));
  const verdict = judge(home.path, pairs!);
  console.log(`slowed: ${verdict.report}`);
  expect(verdict.pass, verdict.report).toBe(false);
});
