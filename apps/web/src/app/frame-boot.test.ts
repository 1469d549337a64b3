// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { LANGUAGES } from '@app/shared/constants';
import { PHONE_UA, TABLET_UA } from '@app/shared/device-class';
import { LANGUAGE_STORAGE_KEY } from '@/lib/language';
import { STORAGE_KEYS } from '@/lib/session';
import { bootCode } from './boot-helpers';
import { bootFrame, type FrameBootOptions } from './frame-boot';

// index.html's script as the browser runs it: the text the build writes into the boot file,
// evaluated here, in a page shaped like dist/index.html.

const OPTIONS: FrameBootOptions = {
  userKey: STORAGE_KEYS.user,
  languageKey: LANGUAGE_STORAGE_KEY,
  languages: LANGUAGES,
  nameMark: 'KbMemberNameMark',
  phoneUserAgent: PHONE_UA.source,
  tabletUserAgent: TABLET_UA.source,
  maxWidth: 600,
  framePaths: { store: '/Store/Home', driver: '/Driver/Home' },
  renderedAttribute: 'data-rendered',
};
const PHONE = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const APP = '/assets/index-abc.js';
const PRELOADS = ['/assets/framework-abc.js', '/assets/signed-in-abc.js'];
// What the store's frame names beyond the app's own chunks: its start page's routes.
const STORE_PAGE_CHUNKS = ['/assets/layout-abc.js', '/assets/home-abc.js'];

let added: Element[] = [];
const appScripts = () => added.filter((node) => node.matches('script[type=module]')).map((script) => script.getAttribute('src'));
const preloads = () => added.filter((node) => node.matches('link[rel=modulepreload]')).map((link) => link.getAttribute('href'));
const frame = () => document.querySelector('#root > [data-frame]');

function page({ userAgent = PHONE, width = 412, path = '/Store/Home' } = {}) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(width);
  window.history.replaceState(null, '', path);
}

function runBootFile({ sessionStart = [] as string[] } = {}): void {
  const script = document.createElement('script');
  script.dataset.app = APP;
  script.dataset.preload = PRELOADS.join(' ');
  if (sessionStart.length > 0) script.dataset.sessionStart = sessionStart.join(' ');
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  new Function('document', 'window', bootCode(bootFrame, OPTIONS))(document, window);
}

/** The browser's paint reports, played by the test: `paint(name, at)` reports a paint at `at` ms. */
function paintReports() {
  let report: ((entry: { name: string; startTime: number }) => void) | null = null;
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    constructor(private readonly callback: (list: { getEntriesByName(name: string): { startTime: number }[] }) => void) {}
    observe() {
      report = (entry) => this.callback({ getEntriesByName: (name) => (name === entry.name ? [entry] : []) });
    }
    disconnect() {
      report = null;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return (name: string, at: number) => report?.({ name, startTime: at });
}

const signedIn = (user: object) => localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
const STORE = { memberId: 7, loginId: 'store@demo.kabadi.in', name: 'Sunita Store', role: 'store', storeId: 1, vendorId: null, driverId: null };

describe("index.html's frame script", () => {
  beforeEach(() => {
    added = [];
    vi.useFakeTimers();
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
      added.push(node as unknown as Element);
      return node;
    });
    // The script asks the network for nothing itself.
    vi.spyOn(window, 'fetch').mockRejectedValue(new Error('the boot script made a request'));
    document.documentElement.lang = 'en';
    document.body.innerHTML = `<div id="root"><div class="shell"><p class="shell-brand">Kabadi Orders</p></div></div>
      <template id="kb-frame-store-en" data-preload="${STORE_PAGE_CHUNKS.join(' ')}"><header><p>Store · Home</p></header><main><h1>Welcome, KbMemberNameMark</h1><a href="/Store/Orders/CreateOrder">Create order</a></main></template>
      <template id="kb-frame-store-hi"><main><h1>स्वागत है, KbMemberNameMark</h1></main></template>
      <template id="kb-frame-driver-en"><main><h1>Pickups</h1></main></template>`;
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("draws a signed-in store's start page on a phone, with the name as text, then starts the app after its paint", () => {
    const paint = paintReports();
    page();
    signedIn({ ...STORE, name: 'Sunita <img src=x onerror=alert(1)>' });
    runBootFile();
    expect(frame()?.getAttribute('data-frame')).toBe('store');
    // Nothing in it can be used before the app draws it.
    expect(frame()?.hasAttribute('inert')).toBe(true);
    expect(document.querySelector('h1')?.textContent).toBe('Welcome, Sunita <img src=x onerror=alert(1)>');
    expect(document.querySelector('#root img')).toBeNull();
    expect(document.querySelector('.shell')).toBeNull();
    // The scripts are asked for once the frame's text has been painted, the entry first: not
    // after a paint of the background only.
    expect(appScripts()).toEqual([]);
    paint('first-paint', performance.now() + 1);
    expect(appScripts()).toEqual([]);
    paint('first-contentful-paint', performance.now() + 2);
    expect(appScripts()).toEqual([APP]);
    // With the app's chunks, those of the page the frame shows, rather than after the entry has run (decision 049).
    expect(preloads()).toEqual([...PRELOADS, ...STORE_PAGE_CHUNKS]);
    vi.advanceTimersByTime(1000);
    expect(appScripts()).toEqual([APP]);
    expect(vi.mocked(window.fetch)).not.toHaveBeenCalled();
  });

  it("keeps a start page the web host rendered with the member's data, and starts the app after its paint with that page's chunks", () => {
    const paint = paintReports();
    page();
    signedIn(STORE);
    const RENDERED_CHUNKS = ['/assets/home-abc.js', '/assets/store-start-abc.js'];
    document.getElementById('root')!.innerHTML = `<div style="display:contents" inert data-rendered="store" data-preload="${RENDERED_CHUNKS.join(' ')}"><article>#00000042</article></div>`;
    runBootFile();
    // Not replaced by the frame: the page with the data stays as the server sent it.
    expect(frame()).toBeNull();
    expect(document.querySelector('#root article')?.textContent).toBe('#00000042');
    expect(appScripts()).toEqual([]);
    paint('first-contentful-paint', performance.now() + 2);
    expect(appScripts()).toEqual([APP]);
    expect(preloads()).toEqual([...PRELOADS, ...RENDERED_CHUNKS]);
  });

  it("asks for the session's start at once, before the frame is placed or painted, and each of its chunks once", () => {
    const paint = paintReports();
    page();
    signedIn(STORE);
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const SESSION_START = '/assets/session-start-abc.js';
    // What it imports, the app imports too (here the framework chunk stands for the bundler's runtime).
    runBootFile({ sessionStart: [SESSION_START, PRELOADS[0]!] });
    expect(appScripts()).toEqual([SESSION_START]);
    expect(preloads()).toEqual([PRELOADS[0]]);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    paint('first-contentful-paint', performance.now() + 2);
    expect(appScripts()).toEqual([SESSION_START, APP]);
    expect(preloads()).toEqual([...PRELOADS, ...STORE_PAGE_CHUNKS]);
  });

  it("under the app's service worker, asks for the chunks at once and runs the entry after the paint", () => {
    const paint = paintReports();
    Object.defineProperty(navigator, 'serviceWorker', { value: { controller: {} }, configurable: true });
    onTestFinished(() => void Reflect.deleteProperty(navigator, 'serviceWorker'));
    page();
    signedIn(STORE);
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    runBootFile();
    // The app's own chunks from <head>, those of the frame's page once the templates are there.
    expect(preloads()).toEqual(PRELOADS);
    expect(appScripts()).toEqual([]);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(preloads()).toEqual([...PRELOADS, ...STORE_PAGE_CHUNKS]);
    expect(appScripts()).toEqual([]);
    paint('first-contentful-paint', performance.now() + 2);
    expect(appScripts()).toEqual([APP]);
    // Each chunk asked for once.
    expect(preloads()).toEqual([...PRELOADS, ...STORE_PAGE_CHUNKS]);
  });

  it('run in <head>, waits for #root and the templates before it draws, and starts the app after that', () => {
    page();
    signedIn(STORE);
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    runBootFile();
    expect(frame()).toBeNull();
    vi.advanceTimersByTime(1000);
    expect(appScripts()).toEqual([]);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(frame()?.getAttribute('data-frame')).toBe('store');
    // No paint reported (a tab in the background): the app starts all the same.
    vi.advanceTimersByTime(300);
    expect(appScripts()).toEqual([APP]);
  });

  it('starts the app a frame later when the plain shell had the first contentful paint', () => {
    const paint = paintReports();
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    page();
    signedIn(STORE);
    runBootFile();
    paint('first-contentful-paint', performance.now() - 10);
    expect(appScripts()).toEqual([]);
    frames.shift()!(0);
    frames.shift()!(0);
    expect(appScripts()).toEqual([APP]);
  });

  it('takes the language the app will start in: the device\'s, else the browser\'s', () => {
    page({ path: '/' });
    signedIn(STORE);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hi');
    runBootFile();
    expect(document.querySelector('h1')?.textContent).toBe('स्वागत है, Sunita Store');
    expect(document.documentElement.lang).toBe('hi');

    document.getElementById('root')!.innerHTML = '';
    localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['hi-IN', 'en-GB']);
    runBootFile();
    expect(document.querySelector('h1')?.textContent).toBe('स्वागत है, Sunita Store');
  });

  it.each([
    ['a desktop browser', () => page({ userAgent: DESKTOP, width: 412 })],
    ['a wide phone screen', () => page({ width: 700 })],
    ['a tablet', () => page({ userAgent: 'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 Chrome/156 Safari/537.36', width: 500 })],
    ['another page of the section', () => page({ path: '/Store/Orders' })],
    ['nobody signed in', () => (page(), localStorage.removeItem(STORAGE_KEYS.user))],
    ['a section without a frame', () => (page({ path: '/Admin/Vendors' }), signedIn({ ...STORE, role: 'admin' }))],
    ['a damaged entry', () => (page(), localStorage.setItem(STORAGE_KEYS.user, '{not json'))],
    ['a frame the page does not hold', () => (page({ path: '/Driver/Home' }), signedIn({ ...STORE, role: 'driver' }), localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hi'))],
  ])('leaves the plain shell for %s, and starts the app once the shell is painted', (_, arrange) => {
    const paint = paintReports();
    signedIn(STORE);
    arrange();
    runBootFile();
    expect(frame()).toBeNull();
    expect(document.querySelector('.shell')).not.toBeNull();
    // Fetched beside the page, the scripts would hold up its first paint on a slow phone.
    expect(appScripts()).toEqual([]);
    paint('first-contentful-paint', 40);
    expect(appScripts()).toEqual([APP]);
    expect(preloads()).toEqual(PRELOADS);
  });

  it('starts the app without a frame after a moment when nothing is painted (a tab in the background)', () => {
    paintReports();
    page({ userAgent: DESKTOP });
    runBootFile();
    expect(appScripts()).toEqual([]);
    vi.advanceTimersByTime(300);
    expect(appScripts()).toEqual([APP]);
  });
});
