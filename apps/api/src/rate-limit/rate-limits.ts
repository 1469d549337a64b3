import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { memberRateLimit } from './rate-limit-hook';
import { longestWindowSeconds, type MemberLimitedAction } from './rate-limit-policy';
import { createRateLimiter, type RateLimiter } from './rate-limiter';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
    /** A preHandler that limits a costly call per signed-in member (RATE_LIMITS `<action>.member`). */
    limitPerMember(action: MemberLimitedAction): preHandlerAsyncHookHandler;
  }
}

/** One limiter for the whole app, counting in the database so every API process counts together. */
export function registerRateLimits(app: FastifyInstance): void {
  const policy = app.config.RATE_LIMITS;
  const limiter = createRateLimiter(app.db, { retentionSeconds: longestWindowSeconds(policy) });
  app.decorate('rateLimiter', limiter);
  app.decorate('limitPerMember', (action: MemberLimitedAction) => memberRateLimit(limiter, policy, action));
}
