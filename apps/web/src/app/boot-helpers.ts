/**
 * What the pages' own scripts share: login.html's (login-boot.ts) and index.html's
 * (frame-boot.ts). Those are written into their pages as text, so they cannot import; they
 * get these as an argument instead, written beside them by `bootCode`. Like them, these
 * must not use anything from outside their own bodies.
 */

/**
 * Asks for the app: its first script and its entry first (a slow phone fetches a few files at
 * a time, and it needs them all), then the chunks it imports, three to a task. Each request
 * costs the main thread 1-15 ms as it is made; twenty of them in one task were the longest
 * task between a phone's first paint and its scripts' arrival (decision 054).
 *
 * `alone`: library chunks (the framework, MUI) that run as scripts of their own, one after
 * the other and then the entry, each inserted once the one before has run: every chunk's
 * evaluation is a task of its own instead of part of the entry's, a phone's longest task
 * (decision 057). Whatever fails to load, the entry still runs and reports it.
 */
export function loadApp(doc: Document, app: string, preloads: readonly string[], alone: readonly string[] = []): void {
  const scripts = alone.concat([app]);
  const run = (index: number) => {
    const script = doc.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = scripts[index] as string;
    if (index + 1 < scripts.length) script.onload = script.onerror = () => run(index + 1);
    doc.head.appendChild(script);
  };
  run(0);
  const asked = scripts.slice(1).concat(preloads);
  let next = 0;
  const askSome = () => {
    for (const end = Math.min(next + 3, asked.length); next < end; next += 1) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = asked[next] as string;
      doc.head.appendChild(link);
    }
    if (next < asked.length) setTimeout(askSome, 0);
  };
  askSome();
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
