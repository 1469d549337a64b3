import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '@app/shared/constants';
import { isPhoneUserAgent } from '@app/shared/device-class';
import {
  POSITION_ANSWERS,
  POSITION_CHOICE_COOKIE,
  RENDERED_PAGE_ATTRIBUTE,
  RENDERED_START_HEADER,
  RENDERED_START_PAGES,
  START_STATE_ELEMENT_ID,
  startRoleOf,
  withoutFrames,
  type PositionAnswer,
} from '@app/shared/rendered-start';
import { signAccessToken } from '../auth/access-tokens';
import type { SigningKeySet } from '../auth/signing-keys';
import type { DbOrTx } from '../db/database';
import { cookieValue } from './cookies';
import { pickEncoding } from './encoding';
import { loginLanguage } from './login-language';
import { startCookieOf, verifyStartToken } from './start-cookie';

// The phone start pages drawn by the web host with the member's first answers (decision 089):
// on a first visit (no service worker yet) the page and its first card come in the HTML,
// instead of after the app's scripts, the session's refresh and the answers, each a round trip
// on a phone network. The app's own server build renders them (apps/web/src/app/render-start-page.tsx,
// kept by the build in dist/.server/); anything that does not work out sends index.html as before.

/** The server build's folder in dist (apps/web/vite-prerender-login.ts SERVER_DIR) and its entry. */
const SERVER_DIR = '.server';
const SERVER_ENTRY_FILE = 'prerender-login.js';
/** Longer than this and the page goes out without the render: the app draws it as before. */
const RENDER_BUDGET_MS = 2_000;
/** Renders run one at a time; beyond this many waiting, a request goes without. */
const MAX_WAITING = 4;

interface RenderedStartPage {
  role: string;
  language: Language;
  html: string;
  state: unknown;
}

interface StartPageRenderer {
  renderStartPage(request: { apiBaseUrl: string; accessToken: string; loginId: string; path: string; language: Language; positionChoice: PositionAnswer | null }): Promise<RenderedStartPage | null>;
}

export interface StartPageDeps {
  db: DbOrTx;
  keys: SigningKeySet;
  /** Where this process reaches its own API. */
  apiBaseUrl: () => string | null;
  log: FastifyBaseLogger;
}

/** The server build's entry in `root` (the web build), or null when the build has none. */
export function serverEntryOf(root: string): string | null {
  const dir = path.join(root, SERVER_DIR);
  if (!fs.existsSync(dir)) return null;
  const builds = fs.readdirSync(dir).filter((name) => fs.existsSync(path.join(dir, name, SERVER_ENTRY_FILE)));
  return builds.length === 1 ? path.join(dir, builds[0]!, SERVER_ENTRY_FILE) : null;
}

/** JSON inside <script type="application/json">: nothing in it can close the element or open a comment. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** The device's answer to the driver's position question, from its copy in a cookie; null: not asked yet. */
function positionChoiceOf(cookieHeader: string | undefined): PositionAnswer | null {
  const value = cookieValue(cookieHeader, POSITION_CHOICE_COOKIE);
  return (POSITION_ANSWERS as readonly (string | null)[]).includes(value) ? (value as PositionAnswer) : null;
}


/** index.html around a rendered page: the page in #root, its answers after it, its language, no frames. */
export function assembleStartPage(indexHtml: string, page: RenderedStartPage, preload: string): string {
  const root = /<div id="root">[\s\S]*?<!--\/shell-->\s*<\/div>/.exec(indexHtml);
  if (!root) throw new Error('index.html has no #root with its shell');
  // Out of reach of taps, keys and screen readers until the app draws the page (as a frame is).
  const holder = `<div style="display:contents" inert ${RENDERED_PAGE_ATTRIBUTE}="${page.role}" data-preload="${preload}">${page.html}</div>`;
  return withoutFrames(
    indexHtml
      .replace(/<html lang="[^"]*">/, () => `<html lang="${page.language}">`)
      .replace(root[0], () => `<div id="root">${holder}</div>\n    <script type="application/json" id="${START_STATE_ELEMENT_ID}">${scriptJson(page.state)}</script>`),
  );
}

/**
 * Sends `pathname`'s start page rendered for the member of the request's start cookie, and
 * answers true; false (nothing sent) when it is not to be rendered or the render did not work
 * out in time.
 */
export function startPageSender(root: string, indexHtml: string, { db, keys, apiBaseUrl, log }: StartPageDeps) {
  const entry = serverEntryOf(root);
  let renderer: Promise<StartPageRenderer | null> | null = null;
  const loadRenderer = () =>
    (renderer ??= entry
      ? (import(pathToFileURL(entry).href) as Promise<StartPageRenderer>).catch((error: unknown) => {
          log.warn({ err: error }, 'The web build has a server render that does not load: start pages go out without their data');
          return null;
        })
      : Promise.resolve(null));
  // Loaded as the host starts, not by the first member's visit (about a second on a 2-core machine).
  void loadRenderer();
  // Each frame names the chunks its page needs beyond the app's own: the rendered page asks for the same.
  const preloads = new Map([...indexHtml.matchAll(/<template id="kb-frame-([a-z]+-[a-z]+)" data-preload="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));
  let waiting = 0;

  return async function sendStartPage(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const pathname = request.url.split('?')[0] ?? '';
    const role = startRoleOf(pathname);
    const token = startCookieOf(request.headers.cookie);
    if (!role || !token || !entry || !isPhoneUserAgent(request.headers['user-agent'])) return false;
    const api = apiBaseUrl();
    if (!api || waiting >= MAX_WAITING) return false;
    waiting += 1;
    try {
      const member = await verifyStartToken(db, keys, token);
      if (!member || member.role !== role) return false;
      const module = await loadRenderer();
      if (!module) return false;
      const accessToken = await signAccessToken(keys, { memberId: member.memberId, loginId: member.loginId, role: member.role });
      const language = loginLanguage(request.headers.cookie, request.headers['accept-language']);
      const rendering = module.renderStartPage({ apiBaseUrl: api, accessToken, loginId: member.loginId, path: RENDERED_START_PAGES[role], language, positionChoice: positionChoiceOf(request.headers.cookie) });
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), RENDER_BUDGET_MS);
      });
      const page = await Promise.race([rendering.catch((error: unknown) => (log.warn({ err: error }, 'A start page did not render'), null)), late]).finally(() => clearTimeout(timer));
      if (!page) return false;
      const html = Buffer.from(assembleStartPage(indexHtml, page, preloads.get(`${page.role}-${page.language}`) ?? ''));
      // The member's own data: never kept by a cache, nor sent to anyone without their cookie.
      // The header tells the app this is a render it may keep for the next start (lib/kept-start-page.ts).
      reply
        .header('cache-control', 'no-store')
        .header('vary', 'accept-encoding, cookie, user-agent, accept-language')
        .header(RENDERED_START_HEADER, page.role)
        .type('text/html; charset=utf-8');
      const encoding = pickEncoding(request.headers['accept-encoding'], ['br', 'gzip']);
      if (encoding === 'br') await reply.header('content-encoding', 'br').send(zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
      else if (encoding === 'gzip') await reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html, { level: 6 }));
      else await reply.send(html);
      return true;
    } finally {
      waiting -= 1;
    }
  };
}
