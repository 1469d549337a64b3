// The phone start page the web host renders with the member's first answers (decision 089):
// the names the web host, its boot script and the app agree on.

/** The web origin's cookie that lets its host render a member's start page (httpOnly, one per section path). */
export const START_COOKIE = 'kb_start';

/** The web origin's path where the app asks for that cookie (POST, with its access token) and drops it (DELETE). */
export const START_SESSION_PATH = '/start-session';

/** The element in #root that holds the rendered page; its value is the member's role. */
export const RENDERED_PAGE_ATTRIBUTE = 'data-rendered';

/**
 * The web origin's copy of a driver's answer to the position question ('use' or 'not-now';
 * none: not asked yet), which the device keeps in its storage: the web host renders the
 * driver's start page with the question or without it, as the app will draw it.
 */
export const POSITION_CHOICE_COOKIE = 'position_choice';
export const POSITION_ANSWERS = ['use', 'not-now'] as const;
export type PositionAnswer = (typeof POSITION_ANSWERS)[number];

/** The JSON script element with who the page is for and the answers it shows. */
export const START_STATE_ELEMENT_ID = 'kb-start-state';

/**
 * The start pages the web host renders, by role: the phone sections' homes (the web app's
 * START_PAGES, held equal by a test). Each role's cookie has its page as its path, so it goes
 * along with that page's request and no other.
 */
export const RENDERED_START_PAGES = { store: '/Store/Home', driver: '/Driver/Home', vendor: '/Vendor/Home' } as const;
export type RenderedStartRole = keyof typeof RENDERED_START_PAGES;

/** index.html without the phone sections' frames (decisions 042 and 092). */
export const withoutFrames = (html: string) => html.replace(/<template id="kb-frame-[\s\S]*?<\/template>\s*/g, '');

/** Whether index.html at `pathname` may draw a frame: a start page, or "/", which leads there (app/frame-boot.ts). */
export const drawsFrame = (pathname: string): boolean => pathname === '/' || startRoleOf(pathname) !== null;

/** The start page `pathname` is (any case, with or without a trailing slash), as its role. */
export function startRoleOf(pathname: string): RenderedStartRole | null {
  const wanted = pathname.toLowerCase().replace(/(.)\/$/, '$1');
  const found = Object.entries(RENDERED_START_PAGES).find(([, page]) => page.toLowerCase() === wanted);
  return found ? (found[0] as RenderedStartRole) : null;
}

/**
 * The web host's header on a rendered start page (its value the role): what the app keeps on
 * the device for the next start (a page without it is index.html, the render's fallback).
 */
export const RENDERED_START_HEADER = 'x-rendered-start';

/**
 * The device's copies of the member's rendered start page (cache storage, by path): the web
 * app writes them (lib/kept-start-page.ts), its service worker answers the start with them,
 * and a sign-out deletes them.
 */
export const KEPT_START_PAGES_CACHE = 'kabadi-start-pages';

/**
 * A rendered page says how old its answers are only as a kept copy: the line is in the
 * render, hidden, and the copy the device keeps shows it (keptStartPageHtml).
 */
const KEPT_LINE_HIDDEN = '<div hidden="" data-kept-line="">';
const KEPT_LINE_SHOWN = '<div data-kept-line="">';
export const KEPT_LINE_SELECTOR = '[data-kept-line]';

/** A rendered page's markup as the device keeps it: the line saying how old its answers are shown; null if it has none. */
export function keptStartPageHtml(html: string): string | null {
  return html.includes(KEPT_LINE_HIDDEN) ? html.replace(KEPT_LINE_HIDDEN, KEPT_LINE_SHOWN) : null;
}
