// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeOverForm, takeOverPage } from '@/lib/prerendered-login';
import { LANGUAGES } from '@app/shared/constants';
import { bootCode } from './boot-helpers';
import { bootLogin } from './login-boot';

// The page's script as the browser runs it: the text prerender-login.tsx writes into the
// boot file, evaluated here, in a page shaped like dist/login.html.

const APP = '/assets/index-abc.js';

// What the script adds to <head>, kept here: happy-dom cannot load the module.
let added: Element[] = [];

/** login.html's script; `waitForUse` false is sell.html's (prerender-login.tsx PRERENDERED_PAGES). */
function runBootFile(waitForUse?: boolean): void {
  const script = document.createElement('script');
  script.dataset.app = APP;
  script.dataset.preload = '/assets/framework-abc.js';
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  const code = waitForUse === undefined ? bootCode(bootLogin, LANGUAGES) : bootCode(bootLogin, LANGUAGES, waitForUse);
  new Function('document', 'window', code)(document, window);
}

const appScripts = () => added.filter((node) => node.matches('script[type=module]')).map((script) => script.getAttribute('src'));
const form = () => document.querySelector('form') as HTMLFormElement;

describe('the prerendered sign-in page script', () => {
  beforeEach(() => {
    added = [];
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
      added.push(node as unknown as Element);
      return node;
    });
    document.documentElement.className = '';
    document.documentElement.lang = 'en';
    document.body.innerHTML = `<div id="root" data-prerendered="login"><form method="post" aria-labelledby="login-heading">
      <input name="login_id"><input name="password" type="password">
      <button type="button">Show the password</button><button type="submit">Sign in</button></form></div>`;
    localStorage.clear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    delete (document as { currentScript?: unknown }).currentScript;
    delete window.kbPendingClick;
  });

  it('loads nothing until the page is used, then the app once, with its preloads', () => {
    runBootFile();
    expect(appScripts()).toEqual([]);
    document.querySelector('input')?.dispatchEvent(new Event('input', { bubbles: true }));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(appScripts()).toEqual([APP]);
    expect(added.find((node) => node.matches('link[rel=modulepreload]'))?.getAttribute('href')).toBe('/assets/framework-abc.js');
    expect(document.documentElement.classList.contains('kb-boot')).toBe(false);
  });

  it('holds a sign-in sent before the app and hands it over with what was typed', () => {
    runBootFile();
    (form().elements.namedItem('login_id') as HTMLInputElement).value = 'store@demo.kabadi.in';
    (form().elements.namedItem('password') as HTMLInputElement).value = 'demo1234';
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form().dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(appScripts()).toEqual([APP]);

    expect(takeOverForm(form(), ['login_id', 'password'] as const)).toEqual({ values: { login_id: 'store@demo.kabadi.in', password: 'demo1234' }, submit: true });
    // From then on the app answers submits itself.
    const later = new Event('submit', { bubbles: true, cancelable: true });
    form().dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    expect(takeOverForm(form(), ['login_id', 'password'] as const)?.submit).toBe(false);
  });

  it('presses again, once the app runs, a button pressed before', async () => {
    runBootFile();
    const button = document.querySelector('button[type=button]') as HTMLButtonElement;
    button.click();
    expect(window.kbPendingClick).toBe(button);
    let pressed = 0;
    button.addEventListener('click', () => (pressed += 1));
    expect(takeOverForm(form(), ['login_id'] as const)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(pressed).toBe(1);
  });

  it('tells the app what took focus before the app listened, so MUI draws its focus ring', () => {
    runBootFile();
    const button = document.querySelector('button[type=button]') as HTMLButtonElement;
    button.focus();
    const seen: EventTarget[] = [];
    const listener = (event: FocusEvent) => seen.push(event.target as EventTarget);
    document.addEventListener('focusin', listener);
    takeOverForm(form(), ['login_id'] as const);
    document.removeEventListener('focusin', listener);
    expect(seen).toEqual([button]);
  });

  it('waits on the Hindi page for a device that chose Hindi', () => {
    document.documentElement.lang = 'hi';
    localStorage.setItem('language', 'hi');
    runBootFile();
    expect(document.documentElement.classList.contains('kb-boot')).toBe(false);
    expect(appScripts()).toEqual([]);
  });

  it('lets the app draw the page at once for someone signed in, or whose language is not the page’s', () => {
    localStorage.setItem('session.user', '{"memberId":1}');
    runBootFile();
    expect(document.documentElement.classList.contains('kb-boot')).toBe(true);
    expect(appScripts()).toEqual([APP]);

    added = [];
    document.documentElement.className = '';
    localStorage.clear();
    localStorage.setItem('language', 'hi');
    runBootFile();
    expect(document.documentElement.classList.contains('kb-boot')).toBe(true);
    expect(appScripts()).toEqual([APP]);
  });

  it('lets the app draw the form for a code by SMS (?with=phone) at once: this markup is the password form', () => {
    window.history.replaceState(null, '', '/Login?redirectTo=%2FStore%2FOrders&with=phone');
    try {
      runBootFile();
    } finally {
      window.history.replaceState(null, '', '/');
    }
    expect(document.documentElement.classList.contains('kb-boot')).toBe(true);
    expect(appScripts()).toEqual([APP]);
  });

  it('on /Sell, whose data the app asks for, loads the app once the page is painted, keeping it on screen', async () => {
    runBootFile(false);
    // Not beside the page's first paint: after it (here, with no paint reports, after the next frame).
    expect(appScripts()).toEqual([]);
    await vi.waitFor(() => expect(appScripts()).toEqual([APP]));
    expect(document.documentElement.classList.contains('kb-boot')).toBe(false);
    // A button pressed before the app runs is pressed again once it does.
    const button = document.querySelector('button[type=button]') as HTMLButtonElement;
    button.click();
    let pressed = 0;
    button.addEventListener('click', () => (pressed += 1));
    takeOverPage();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(pressed).toBe(1);
    expect(document.documentElement.classList.contains('kb-app')).toBe(true);
  });

  it('on /Sell, asks for the app at the first contentful paint where the browser reports paints', () => {
    // The browser's paint reports, played by the test.
    const paints: { report?: (name: string) => void } = {};
    class FakeObserver {
      static supportedEntryTypes = ['paint'];
      constructor(private readonly callback: (list: { getEntriesByName(name: string): object[] }) => void) {}
      observe() {
        paints.report = (entry) => this.callback({ getEntriesByName: (name) => (name === entry ? [{ startTime: 5 }] : []) });
      }
      disconnect() {
        delete paints.report;
      }
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    try {
      runBootFile(false);
      paints.report?.('first-paint');
      expect(appScripts()).toEqual([]);
      paints.report?.('first-contentful-paint');
      expect(appScripts()).toEqual([APP]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
