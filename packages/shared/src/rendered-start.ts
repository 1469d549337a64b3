// The phone start page the web host renders with the member's first answers (decision 089):
// the names the web host, its boot script and the app agree on.

/** The web origin's cookie that lets its host render a member's start page (httpOnly, one per section path). */
export const START_COOKIE = 'kb_start';

/** The web origin's path where the app asks for that cookie (POST, with its access token) and drops it (DELETE). */
export const START_SESSION_PATH = '/start-session';

/** The element in #root that holds the rendered page; its value is the member's role. */
export const RENDERED_PAGE_ATTRIBUTE = 'data-rendered';

/** The JSON script element with who the page is for and the answers it shows. */
export const START_STATE_ELEMENT_ID = 'kb-start-state';

/**
 * The start pages the web host renders, by role: the phone sections' homes (the web app's
 * START_PAGES, held equal by a test). Each role's cookie has its page as its path, so it goes
 * along with that page's request and no other.
 */
export const RENDERED_START_PAGES = { store: '/Store/Home', driver: '/Driver/Home', vendor: '/Vendor/Home' } as const;
export type RenderedStartRole = keyof typeof RENDERED_START_PAGES;
