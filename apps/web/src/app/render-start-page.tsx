import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import type { Language } from '@app/shared/constants';
import type { PositionAnswer } from '@app/shared/rendered-start';
import { KeptDataLineView } from '@/components/layouts/kept-data-notice';
import { START_PAGES } from '@/config/paths';
import { FALLBACK_CONFIG, setRuntimeConfig } from '@/config/runtime-config';
import { getMember, toSessionUser } from '@/data/sign-in';
import { changeLanguage } from '@/lib/language';
import { setServerPositionChoice } from '@/lib/position-choice';
import { queryClient } from '@/lib/query-client';
import { session, type SessionUser } from '@/lib/session';
import { registerLanguagePacks } from './language-packs';
import { FRAME_ROLES, renderPhonePage, type FrameRole } from './prerender-section-frames';
import { prefetchStartData } from './start-data';

// The web host's server render of a phone section's start page with the member's own first
// answers (decision 089): the same tree, queries and data layer as the app, run in Node by the
// web host (apps/api/src/web-host/start-page.ts) with an access token it made for the member.
// The page and its answers go out in the HTML; the app adopts the answers
// (./rendered-start.ts) and its first commit draws the same page again, live.

export interface StartPageRequest {
  /** Where this process reaches the API. */
  apiBaseUrl: string;
  /** An access token for the member, made by the web host for this render alone. */
  accessToken: string;
  loginId: string;
  /** The requested path: the member's start page. */
  path: string;
  language: Language;
  /** The device's answer to the position question (its `position_choice` cookie); null: not asked yet. */
  positionChoice: PositionAnswer | null;
}

/** What the page carries for the app (#kb-start-state): who it is for and the answers it shows. */
export interface RenderedStartState {
  user: SessionUser;
  queries: DehydratedState;
}

export interface RenderedStartPage {
  role: FrameRole;
  language: Language;
  /** emotion's style elements, then the markup. */
  html: string;
  state: RenderedStartState;
}

const isFrameRole = (role: string): role is FrameRole => (FRAME_ROLES as readonly string[]).includes(role);

let packsRegistered = false;
// The session, the query cache, the language and the runtime configuration are the app's
// module-level singletons: one render at a time.
let queue: Promise<unknown> = Promise.resolve();

/**
 * The member's start page with their first answers, or null when there is none to draw: not a
 * phone section's member, not their start page, not allowed in, or an answer that failed (the
 * app then starts as it would without the render).
 */
export function renderStartPage(request: StartPageRequest): Promise<RenderedStartPage | null> {
  const rendered = queue.then(() => render(request));
  queue = rendered.catch(() => undefined);
  return rendered;
}

async function render({ apiBaseUrl, accessToken, loginId, path, language, positionChoice }: StartPageRequest): Promise<RenderedStartPage | null> {
  if (!packsRegistered) {
    registerLanguagePacks();
    packsRegistered = true;
  }
  setRuntimeConfig({ ...FALLBACK_CONFIG, apiBaseUrl, env: 'production' });
  session.setTokens({ accessToken, idToken: null, refreshToken: null, expiresAt: Date.now() + 5 * 60_000 });
  try {
    const member = await getMember(loginId);
    if (!member.is_verified || !isFrameRole(member.role)) return null;
    const role = member.role;
    if (path.toLowerCase() !== START_PAGES[role].path.toLowerCase()) return null;
    const user = toSessionUser(member);
    session.setUser(user);
    await changeLanguage(language, { remember: false });
    setServerPositionChoice(positionChoice ?? 'ask');
    queryClient.clear();
    await prefetchStartData(user, path);
    const queries = queryClient.getQueryCache().getAll();
    if (queries.length === 0 || queries.some((query) => query.state.status !== 'success')) return null;
    // How old these answers are, hidden: shown by the copy the device keeps (lib/kept-start-page.ts).
    const keptLine = (
      <div hidden data-kept-line="">
        <KeptDataLineView loadedAt={Math.min(...queries.map((query) => query.state.dataUpdatedAt))} updating belowAppBar />
      </div>
    );
    const html = await renderPhonePage(START_PAGES[role].getHref(), keptLine);
    return { role, language, html, state: { user, queries: dehydrate(queryClient) } };
  } finally {
    queryClient.clear();
    session.markUnauthorized();
    setServerPositionChoice('unknown');
  }
}
