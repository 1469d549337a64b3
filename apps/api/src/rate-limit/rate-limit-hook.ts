import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { tooManyRequests } from '../http/http-error';
import type { RateLimitPolicy, RateLimitScope, RateLimitedAction } from './rate-limit-policy';
import { rateLimitKey, type RateLimiter } from './rate-limiter';

function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * A preHandler (it runs after validation, so the login id is already normalised and a
 * malformed body costs no attempt) that counts the call per login id and per address and
 * answers 429 with Retry-After once either is over its limit.
 */
export function rateLimitHook(limiter: RateLimiter, policy: RateLimitPolicy, action: RateLimitedAction): preHandlerAsyncHookHandler {
  return async function limit(request: FastifyRequest, reply: FastifyReply) {
    const loginId = (request.body as { login_id?: unknown } | undefined)?.login_id;
    const subjects: Array<[RateLimitScope, string]> = [['address', request.ip]];
    if (typeof loginId === 'string') subjects.push(['login_id', loginId]);
    let wait = 0;
    for (const [scope, value] of subjects) {
      const result = await limiter.hit(rateLimitKey(`${action}.${scope}`, value), policy[action][scope]);
      if (result.limited) wait = Math.max(wait, result.retryAfterSeconds);
    }
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw tooManyRequests(`Too many attempts. Please wait ${waitText(wait)} and try again.`);
    }
  };
}
