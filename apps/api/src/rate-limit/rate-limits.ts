import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { countMemberAttempt, memberRateLimit, type CountedAttempt } from './rate-limit-hook';
import { longestWindowSeconds, type MemberLimitedAction } from './rate-limit-policy';
import { createRateLimiter, type RateLimiter } from './rate-limiter';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
    /** A preHandler that limits a costly call per signed-in member (RATE_LIMITS `<action>.member`). */
    limitPerMember(action: MemberLimitedAction): preHandlerAsyncHookHandler;
    /** The same count from inside a handler, for a call that costs only sometimes; refund() takes it back. */
    countPerMember(action: MemberLimitedAction, request: FastifyRequest, reply: FastifyReply): Promise<CountedAttempt>;
  }
}

/** One limiter for the whole app, counting in the database so every API process counts together. */
export function registerRateLimits(app: FastifyInstance): void {
  const policy = app.config.RATE_LIMITS;
  const limiter = createRateLimiter(app.db, { retentionSeconds: longestWindowSeconds(policy) });
  app.decorate('rateLimiter', limiter);
  app.decorate('limitPerMember', (action: MemberLimitedAction) => memberRateLimit(limiter, policy, action));
  app.decorate('countPerMember', (action: MemberLimitedAction, request: FastifyRequest, reply: FastifyReply) => countMemberAttempt(limiter, policy, action, request, reply));
}
