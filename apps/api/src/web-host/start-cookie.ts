import type { FastifyInstance } from 'fastify';
import { isPhoneUserAgent } from '@app/shared/device-class';
import { RENDERED_START_HEADER, RENDERED_START_PAGES, START_COOKIE, START_SESSION_PATH, type RenderedStartRole } from '@app/shared/rendered-start';
import { loadAuthContext } from '../auth/auth-context';
import { memberSessionRevokedSince } from '../auth/sessions';
import { serviceToken, verifyServiceToken } from '../auth/service-tokens';
import type { SigningKeySet } from '../auth/signing-keys';
import { createTokenVerifier } from '../auth/token-verifier';
import type { AppConfig } from '../config/config';
import type { DbOrTx } from '../db/database';
import { cookieValue } from './cookies';
import { REFRESH_TOKEN_TTL_MS } from '../features/auth/refresh-tokens';

// The web origin's own cookie for its server render of a phone start page (decision 089). The
// session's refresh cookie belongs to the API's origin and its /auth path (design.md section
// 14), so the web host never sees it; the app, once it holds an access token, asks the web host
// for this one. It names the member and nothing else, is good for the web host's render of that
// member's start page only (its own audience: the API refuses it as an access token), lives as
// long as a refresh token, and stops working as soon as any session of the member is revoked
// (a sign-out, a password change, a rejection), as access tokens do.

const AUDIENCE = 'kabadi-orders-start-page';
const TTL_S = Math.floor(REFRESH_TOKEN_TTL_MS / 1000);

export interface StartMember {
  memberId: number;
  loginId: string;
  role: RenderedStartRole;
}

const isStartRole = (role: string): role is RenderedStartRole => Object.hasOwn(RENDERED_START_PAGES, role);

function cookieAttributes(config: Pick<AppConfig, 'APP_ENV'>, role: RenderedStartRole, maxAge: number): string {
  return [`Path=${RENDERED_START_PAGES[role]}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Strict', ...(config.APP_ENV === 'dev' ? [] : ['Secure'])].join('; ');
}

/** The cookie's value from a Cookie header, if any. */
export const startCookieOf = (cookieHeader: string | undefined): string | null => cookieValue(cookieHeader, START_COOKIE);

export async function signStartToken(keys: SigningKeySet, member: StartMember): Promise<string> {
  return serviceToken(keys, { username: member.loginId, role: member.role, token_use: 'start-page' }, AUDIENCE, member.memberId)
    .setIssuedAt()
    .setExpirationTime(`${TTL_S}s`)
    .sign(keys.privateKey);
}

/**
 * The member a start cookie speaks for, or null: a bad or expired token, another kind of
 * token, a member gone or disabled, or a session of theirs revoked since it was made.
 */
export async function verifyStartToken(db: DbOrTx, keys: SigningKeySet, token: string): Promise<StartMember | null> {
  try {
    const payload = await verifyServiceToken(keys, token, AUDIENCE, ['exp', 'iat', 'sub']);
    if (payload.token_use !== 'start-page' || typeof payload.username !== 'string' || typeof payload.iat !== 'number') return null;
    const auth = await loadAuthContext(db, payload.username);
    if (!auth || auth.disabled || String(auth.memberId) !== payload.sub || !isStartRole(auth.role)) return null;
    if (await memberSessionRevokedSince(db, auth.memberId, new Date(payload.iat * 1000))) return null;
    return { memberId: auth.memberId, loginId: auth.loginId, role: auth.role };
  } catch {
    return null;
  }
}

export interface StartCookieDeps {
  config: AppConfig;
  db: DbOrTx;
  keys: SigningKeySet;
}

/**
 * POST /start-session with the member's access token (`Authorization: Bearer`): 204 and the
 * cookie, for a member of a phone section; 204 and no cookie for anyone else; 401 without a
 * valid token. DELETE /start-session: 204, and every section's cookie cleared (the app's
 * sign-out). Only with the API's own sign-in: a hosted pool's member gets no render, as the
 * web host cannot make the access token it renders with (decision 089).
 */
export function registerStartCookieRoutes(app: FastifyInstance, { config, db, keys }: StartCookieDeps): void {
  const verifier = createTokenVerifier(config, keys);
  app.post(START_SESSION_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const header = request.headers.authorization ?? '';
    const token = /^Bearer (\S+)$/i.exec(header)?.[1];
    if (!token) return reply.status(401).send({ detail: 'Authorization: Bearer <access token> is required.' });
    let loginId: string;
    try {
      loginId = (await verifier.verify(token)).loginId;
    } catch {
      return reply.status(401).send({ detail: 'The access token is not valid.' });
    }
    const auth = await loadAuthContext(db, loginId);
    if (!auth || auth.disabled) return reply.status(401).send({ detail: 'The access token is not valid.' });
    if (config.AUTH_PROVIDER !== 'local' || !auth.isVerified || !isStartRole(auth.role)) return reply.status(204).send();
    const member = { memberId: auth.memberId, loginId: auth.loginId, role: auth.role };
    reply.header('set-cookie', `${START_COOKIE}=${await signStartToken(keys, member)}; ${cookieAttributes(config, member.role, TTL_S)}`);
    // A phone's browser gets its start page rendered: it may keep a copy (decision 090); a desktop would only be refused one.
    if (isPhoneUserAgent(request.headers['user-agent'])) reply.header(RENDERED_START_HEADER, member.role);
    return reply.status(204).send();
  });
  app.delete(START_SESSION_PATH, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const roles = Object.keys(RENDERED_START_PAGES) as RenderedStartRole[];
    reply.header('set-cookie', roles.map((role) => `${START_COOKIE}=; ${cookieAttributes(config, role, 0)}`));
    return reply.status(204).send();
  });
}
