/**
 * What login.html's own script (login-boot.ts) is given: it is written into its file as text,
 * so it cannot import; it gets these as an argument instead, written beside it by `bootCode`.
 * Like it, these must not use anything from outside their own bodies.
 */

/**
 * Asks for the app: its entry as a module script, and the chunks it imports as module
 * preloads, all at once, as Vite's own index.html would name them. Whatever fails to load,
 * the entry still runs and reports it.
 */
export function loadApp(doc: Document, app: string, preloads: readonly string[]): void {
  for (const href of preloads) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.appendChild(link);
  }
  const script = doc.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = app;
  doc.head.appendChild(script);
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
}

/** A page script as text: `boot(document, window, helpers, ...args)`, the arguments as JSON. */
export function bootCode<A extends unknown[]>(boot: (doc: Document, win: Window, helpers: BootHelpers, ...args: A) => void, ...args: A): string {
  const helpers = `{ loadApp: ${loadApp.toString()}, startLanguage: ${startLanguage.toString()} }`;
  return `(${boot.toString()})(document, window, ${helpers}${args.map((arg) => `, ${JSON.stringify(arg)}`).join('')});`;
}
