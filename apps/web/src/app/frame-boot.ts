import type { BootHelpers } from './boot-helpers';

/** What the build tells the script (vite-prerender-login.ts writes it as JSON beside the code). */
export interface FrameBootOptions {
  /** localStorage key of the signed-in member (lib/session.ts STORAGE_KEYS.user). */
  userKey: string;
  /** localStorage key of the device's language (lib/language.ts). */
  languageKey: string;
  languages: readonly string[];
  /** The text that stands for the member's name in the frames' markup. */
  nameMark: string;
  /** packages/shared/src/device-class.ts: a phone's user agent, and a tablet's. */
  phoneUserAgent: string;
  tabletUserAgent: string;
  /** The frames are drawn as a phone narrower than this shows them. */
  maxWidth: number;
  /** The start page each role with a frame has (the router matches paths case-insensitively). */
  framePaths: Record<string, string>;
  /** The attribute of the element in #root that holds a page the web host rendered (decision 089). */
  renderedAttribute: string;
}

/**
 * index.html's script (decisions 042 and 076): it starts the app, and on a phone it first
 * draws the signed-in member's page so that it shows while the app's scripts arrive.
 *
 * The build keeps each phone section's start page, as the app's first render draws it, in a
 * <template id="kb-frame-<role>-<language>">. On a phone whose member is known on the device
 * (lib/session.ts keeps who is signed in) and who opens their start page (or "/", which leads
 * there), this puts that template into #root in the language the app will start in
 * (lib/language.ts's rule), with the member's name put in as text, and with the styles
 * emotion's server render wrote for it, which the app's style cache adopts as it starts.
 * React replaces the markup on its first commit with the same page, live. The app's scripts are asked for once the frame is on
 * screen: fetched beside it, they would hold up its first paint on a slow phone. Under the
 * app's service worker they come from the phone, so its chunks are asked for at once as
 * module preloads and only the entry waits for the paint. Without a frame, index.html's own
 * shell is the page's first paint, and the scripts wait for it the same way (decision 094).
 *
 * It runs inline in <head>; the build writes it there as text (boot-helpers.ts `bootCode`),
 * so it must not use anything from outside its own body and the helpers it is given. Anything unexpected leaves index.html's own shell
 * in place and starts the app.
 */
export function bootFrame(doc: Document, win: Window, helpers: BootHelpers, options: FrameBootOptions): void {
  const script = doc.currentScript as HTMLScriptElement | null;
  const app = script?.dataset.app;
  const preloads = script?.dataset.preload ? script.dataset.preload.split(' ') : [];
  let started = false;
  // The chunks asked for already, as module preloads.
  const asked: string[] = [];
  const notAsked = (hrefs: readonly string[]): string[] => {
    const fresh = hrefs.filter((href) => asked.indexOf(href) < 0);
    asked.push(...fresh);
    return fresh;
  };

  // The session's start (decision 087), at once: its module and what it imports. Small, and
  // what the page's first request to the API waits for; the app's scripts come after the frame.
  const sessionStart = script?.dataset.sessionStart ? script.dataset.sessionStart.split(' ') : [];
  if (sessionStart.length > 0) {
    const [module, ...imports] = sessionStart;
    asked.push(module!);
    helpers.loadApp(doc, module!, notAsked(imports));
  }

  function start(): void {
    if (started || !app) return;
    started = true;
    helpers.loadApp(doc, app, notAsked(preloads));
  }

  // A repeat visit, under the app's service worker: the chunks come from the phone, not the
  // network, so asking for them at once takes no bandwidth from the frame's first paint; they
  // are fetched and compiled meanwhile and run once the entry comes, after that paint.
  const fromWorker = !!(win.navigator.serviceWorker && win.navigator.serviceWorker.controller);
  function preloadFromWorker(): void {
    if (fromWorker && app && !started) helpers.loadApp(doc, null, notAsked(preloads));
  }

  /** The member the device knows (lib/session.ts keeps who is signed in, never a token). */
  function storedMember(): { role: string; name: string } | null {
    const stored = win.localStorage.getItem(options.userKey);
    const user = stored ? (JSON.parse(stored) as { role?: unknown; name?: unknown }) : null;
    return user && typeof user.role === 'string' && typeof user.name === 'string' ? { role: user.role, name: user.name } : null;
  }

  /** The frame this visit shows to `user`, if any: their role, name and language. */
  function chooseFrame(user: { role: string; name: string }): { role: string; name: string; language: string } | null {
    const ua = win.navigator.userAgent;
    if (win.innerWidth >= options.maxWidth || new RegExp(options.tabletUserAgent, 'i').test(ua) || !new RegExp(options.phoneUserAgent, 'i').test(ua)) return null;
    const start = options.framePaths[user.role];
    const path = win.location.pathname.toLowerCase();
    if (!start || (path !== '/' && path !== start.toLowerCase())) return null;

    const language = helpers.startLanguage(win, options.languages, win.localStorage.getItem(options.languageKey));
    return { role: user.role, name: user.name, language };
  }

  function placeFrame(chosen: { role: string; name: string; language: string }): boolean {
    // The web host drew the member's page with their answers (decision 089): it stays as it is,
    // and its chunks are asked for as a frame's would be.
    const rendered = doc.querySelector(`#root > [${options.renderedAttribute}]`) as HTMLElement | null;
    if (rendered) {
      if (rendered.dataset.preload) preloads.push(...rendered.dataset.preload.split(' '));
      return true;
    }
    const template = doc.getElementById(`kb-frame-${chosen.role}-${chosen.language}`) as HTMLTemplateElement | null;
    const root = doc.getElementById('root');
    if (!template || !root) return false;
    // The chunks the frame's page needs beyond the app's own (decision 049), asked for with them.
    if (template.dataset.preload) preloads.push(...template.dataset.preload.split(' '));
    const frame = template.content.cloneNode(true) as DocumentFragment;
    // The name goes in as text: whatever it holds is never read as markup.
    const walker = doc.createTreeWalker(frame, 4 /* NodeFilter.SHOW_TEXT */);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeValue && node.nodeValue.indexOf(options.nameMark) >= 0) node.nodeValue = node.nodeValue.split(options.nameMark).join(chosen.name);
    }
    doc.documentElement.lang = chosen.language;
    // Nothing in it works yet: out of reach of taps, keys and screen readers until the app
    // draws the page. A box of its own that lays nothing out, which React's first commit
    // removes with the frame (#root itself keeps no trace of it).
    const holder = doc.createElement('div');
    holder.style.display = 'contents';
    holder.setAttribute('data-frame', chosen.role);
    holder.setAttribute('inert', '');
    holder.appendChild(frame);
    root.replaceChildren(holder);
    return true;
  }

  let chosen: { role: string; name: string; language: string } | null = null;
  try {
    const user = storedMember();
    chosen = user && chooseFrame(user);
  } catch {
    // Storage blocked, a damaged entry: the plain shell stays, and the app finds nobody signed in either.
  }
  // The plain shell is the first paint: the app's scripts are asked for once it is on screen.
  const startOnceShellPainted = () => {
    preloadFromWorker();
    helpers.startOncePainted(win, start);
  };
  if (!chosen) return startOnceShellPainted();
  const frame = chosen;
  preloadFromWorker();
  const place = () => {
    let placed: boolean;
    try {
      placed = placeFrame(frame);
    } catch {
      placed = false;
    }
    if (!placed) return startOnceShellPainted();
    preloadFromWorker();
    // Once the frame's text has been painted: the first contentful paint, unless the plain
    // shell had that one before the frame was placed, then the next frame. Where the browser
    // does not report paints, after the next frame too. A tab in the background paints
    // nothing, so at the latest after a moment.
    const placedAt = win.performance.now();
    const nextFrame = () => win.requestAnimationFrame(() => win.requestAnimationFrame(start));
    const Observer = (win as Window & typeof globalThis).PerformanceObserver;
    if (Observer && Observer.supportedEntryTypes && Observer.supportedEntryTypes.indexOf('paint') >= 0) {
      const observer = new Observer((list: PerformanceObserverEntryList) => {
        const contentful = list.getEntriesByName('first-contentful-paint')[0];
        if (!contentful) return;
        observer.disconnect();
        if (contentful.startTime >= placedAt) start();
        else nextFrame();
      });
      observer.observe({ type: 'paint', buffered: true });
    } else {
      nextFrame();
    }
    win.setTimeout(start, 300);
  };
  // The templates and #root come after <head>.
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', place);
  else place();
}
