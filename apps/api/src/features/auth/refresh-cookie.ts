import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config';
import { REFRESH_TOKEN_TTL_MS } from './refresh-tokens';

/**
 * With local auth the browser keeps its refresh token in this cookie (design.md section
 * 14): httpOnly, so no script (nor an injected one) can read it; SameSite=Strict and path
 * /auth, so it only goes along to the API's /auth calls from the web app's own site;
 * Secure outside dev (dev runs on plain http://localhost). API clients keep using the JSON
 * bodies; the cookie is set for them too and does no harm.
 */
export const REFRESH_COOKIE = 'kabadi_refresh';

function cookieOptions(config: Pick<AppConfig, 'APP_ENV'>) {
  return { httpOnly: true, secure: config.APP_ENV !== 'dev', sameSite: 'strict' as const, path: '/auth' };
}

export function setRefreshCookie(reply: FastifyReply, config: Pick<AppConfig, 'APP_ENV'>, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, { ...cookieOptions(config), maxAge: Math.floor(REFRESH_TOKEN_TTL_MS / 1000) });
}

export function clearRefreshCookie(reply: FastifyReply, config: Pick<AppConfig, 'APP_ENV'>): void {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(config));
}

/** The body's refresh token, else the cookie's. */
export function presentedRefreshToken(request: FastifyRequest, fromBody: string | undefined): string | undefined {
  if (fromBody) return fromBody;
  const cookie = request.cookies[REFRESH_COOKIE];
  return cookie ? cookie : undefined;
}
