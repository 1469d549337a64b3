import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AuthCache } from './auth-cache';
import type { Role } from '@app/shared/constants';
import { MESSAGES } from '@app/shared/messages';
import { forbidden, unauthorized } from '../http/http-error';
import type { VerifiedToken } from './access-tokens';
import { loadAuthContext, type AuthContext } from './auth-context';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    authCache: AuthCache;
  }
}

const SESSION_INVALID = 'Your session has expired or is not valid. Please sign in again.';

/**
 * A token issued before the password last changed speaks for whoever knew the old
 * password: refused, so a reset or change ends every other session at once (the session
 * that changed it refreshes and goes on). iat has whole seconds: a second of grace.
 */
function issuedBeforePasswordChange(token: VerifiedToken, auth: AuthContext): boolean {
  if (token.issuedAt === undefined || !auth.passwordChangedAt) return false;
  return token.issuedAt * 1000 < auth.passwordChangedAt.getTime() - 1000;
}

/**
 * The member a bearer token speaks for, or 401. A token seen in the last seconds is
 * answered from the process's AuthCache (see auth-cache.ts); otherwise it is verified
 * and the member loaded, and both are remembered.
 */
export async function authenticateToken(server: FastifyInstance, token: string): Promise<AuthContext> {
  const cached = server.authCache.get(token);
  if (cached) return cached.auth;
  let verified: VerifiedToken;
  try {
    verified = await server.tokenVerifier.verify(token);
  } catch {
    throw unauthorized(SESSION_INVALID);
  }
  const auth = await loadAuthContext(server.db, verified.loginId);
  if (!auth || auth.disabled) throw unauthorized(SESSION_INVALID);
  if (issuedBeforePasswordChange(verified, auth)) throw unauthorized(SESSION_INVALID);
  server.authCache.set(token, auth, verified.issuedAt);
  return auth;
}

/** Unverified and rejected members may sign in and read themselves, nothing else. */
export function isApproved(auth: AuthContext): boolean {
  return auth.isVerified && auth.approvalStatus === 'approved';
}

export interface GuardOptions {
  /** Roles allowed; all roles when omitted. */
  roles?: readonly Role[];
  /** Unverified and rejected members may still read themselves and sign out. */
  allowUnverified?: boolean;
}

/** The token of an `Authorization: Bearer ...` header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The one gate of every signed-in route: a valid token, a live member, verified unless
 * the route allows otherwise, and one of the allowed roles.
 */
export function requireAuth(options: GuardOptions = {}): onRequestHookHandler {
  return async function guard(this: unknown, request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Sign in to continue: the Authorization bearer token is missing');
    const auth = await authenticateToken(request.server, token);
    request.auth = auth;
    if (!options.allowUnverified && !isApproved(auth)) {
      throw forbidden(MESSAGES.notVerified);
    }
    if (options.roles && !options.roles.includes(auth.role)) throw forbidden('Your role may not do this');
  };
}

/** The caller of a guarded route; a programming error when a route forgot its guard. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('route is missing requireAuth()');
  return request.auth;
}
