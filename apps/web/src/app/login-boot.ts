import type { BootHelpers } from './boot-helpers';

/**
 * The prerendered /login page's only script (decision 026), and /Sell's. The page is usable
 * HTML: a person can read it and type into it at once. The app's scripts (React, MUI, the
 * router: most of a slow phone's start-up time) load at the first sign of use (a tap, a key,
 * typed text), or, when `waitForUse` is false (/Sell, whose data the app asks for), as soon as
 * the page has been painted; then they take over the page that is already there (hydration,
 * main.tsx).
 *
 * It runs in <head> as a plain script; prerender-login.tsx writes it into the file as text
 * (boot-helpers.ts `bootCode`), so it must not use anything from outside its own body and
 * the helpers it is given. The class names are the
 * contract with lib/prerendered-login.ts.
 */
export function bootLogin(doc: Document, win: Window, helpers: BootHelpers, languages: readonly string[], waitForUse = true): void {
  const html = doc.documentElement;
  const script = doc.currentScript as HTMLScriptElement | null;
  const app = script?.dataset.app;
  const preloads = script?.dataset.preload ? script.dataset.preload.split(' ') : [];
  const triggers = ['pointerdown', 'keydown', 'touchstart', 'input'];
  let started = false;

  function start(): void {
    if (started || !app) return;
    started = true;
    for (const type of triggers) win.removeEventListener(type, start, true);
    helpers.loadApp(doc, app, preloads);
  }

  // The language lib/language.ts starts in.
  let user: string | null = null;
  let stored: string | null = null;
  try {
    user = win.localStorage.getItem('session.user');
    stored = win.localStorage.getItem('language');
  } catch {
    // Blocked storage: nobody signed in, no choice kept.
  }
  const language = helpers.startLanguage(win, languages, stored);
  // Someone signed in goes on to their page, and someone whose language is not the page's
  // (the host chose by a cookie this device may not have yet) gets the page from the app:
  // it draws those itself, behind the start-up shell (the page's CSS hides this markup).
  // So does the form for a code by SMS (`?with=phone`), which is not in this markup.
  if (user || language !== html.lang || /[?&]with=phone(&|$)/.test(win.location.search)) {
    html.classList.add('kb-boot');
    start();
    return;
  }

  if (waitForUse) for (const type of triggers) win.addEventListener(type, start, { capture: true, passive: true });
  // A button pressed before the app runs is pressed again once it does.
  win.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button[type=button]') : null;
      if (button instanceof HTMLElement && !html.classList.contains('kb-app')) win.kbPendingClick = button;
    },
    true,
  );
  // A sign-in sent before the app has taken the form over waits for the app, which sends it;
  // the browser never submits the form itself (that would put the password in the URL).
  win.addEventListener(
    'submit',
    (event) => {
      if (html.classList.contains('kb-app')) return;
      event.preventDefault();
      html.classList.add('kb-pending');
      start();
    },
    true,
  );
  if (!waitForUse) helpers.startOncePainted(win, start);
}
