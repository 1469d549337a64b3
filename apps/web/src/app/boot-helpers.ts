/**
 * What login.html's own script (login-boot.ts) is given: it is written into its file as text,
 * so it cannot import; it gets these as an argument instead, written beside it by `bootCode`.
 * Like it, these must not use anything from outside their own bodies.
 */

/**
 * Asks for the app: its entry as a module script, and the chunks it imports as module
 * preloads, all at once, as Vite's own index.html would name them. Whatever fails to load,
 * the entry still runs and reports it. Without an entry (`app` null), the preloads alone:
 * fetched and compiled, run by nothing until the entry comes.
 */
export function loadApp(doc: Document, app: string | null, preloads: readonly string[]): void {
  for (const href of preloads) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.appendChild(link);
  }
  if (app === null) return;
  const script = doc.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = app;
  doc.head.appendChild(script);
}

/**
 * Calls `start` once the page's text has been painted (its first contentful paint), as
 * frame-boot.ts asks for the app once its frame is on screen: fetched beside the page, the
 * app's scripts would hold up its first paint on a slow phone. Where the browser does not
 * report paints, after the next frame; a tab in the background paints nothing, so at the
 * latest after a moment. `start` must ignore all but its first call.
 */
export function startOncePainted(win: Window, start: () => void): void {
  const Observer = (win as Window & typeof globalThis).PerformanceObserver;
  if (Observer && Observer.supportedEntryTypes && Observer.supportedEntryTypes.indexOf('paint') >= 0) {
    const observer = new Observer((list: PerformanceObserverEntryList) => {
      if (!list.getEntriesByName('first-contentful-paint')[0]) return;
      observer.disconnect();
      start();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    win.requestAnimationFrame(() => win.requestAnimationFrame(start));
  }
  win.setTimeout(start, 300);
}

/** The language lib/language.ts starts in: the device's choice (`stored`), else the browser's first one the app has, else English. */
export function startLanguage(win: Window, languages: readonly string[], stored: string | null): string {
  if (stored && languages.indexOf(stored) >= 0) return stored;
  const preferred = win.navigator.languages && win.navigator.languages.length ? win.navigator.languages : [win.navigator.language];
  for (const tag of preferred) {
    const base = String(tag).toLowerCase().split('-')[0] ?? '';
    if (languages.indexOf(base) >= 0) return base;
  }
  return 'en';
}

export interface BootHelpers {
  loadApp: typeof loadApp;
  startLanguage: typeof startLanguage;
  startOncePainted: typeof startOncePainted;
}

/** A page script as text: `boot(document, window, helpers, ...args)`, the arguments as JSON. */
export function bootCode<A extends unknown[]>(boot: (doc: Document, win: Window, helpers: BootHelpers, ...args: A) => void, ...args: A): string {
  const helpers = `{ loadApp: ${loadApp.toString()}, startLanguage: ${startLanguage.toString()}, startOncePainted: ${startOncePainted.toString()} }`;
  return `(${boot.toString()})(document, window, ${helpers}${args.map((arg) => `, ${JSON.stringify(arg)}`).join('')});`;
}
