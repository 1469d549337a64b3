import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { authOf } from '../auth/guards';
import { tooManyRequests } from '../http/http-error';
import type { MemberLimitedAction, RateLimit, RateLimitPolicy } from './rate-limit-policy';
import { rateLimitKey, type RateLimiter } from './rate-limiter';

function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

export interface CountedSubject {
  key: string;
  limit: RateLimit;
}

export interface CountedAttempt {
  /** The attempt should not count after all (the password was right): take its hits back. */
  refund(): Promise<void>;
}

/**
 * Counts one attempt against every subject, before the costly work, so parallel attempts
 * cannot all slip under a limit; answers 429 with Retry-After once any subject is over.
 */
export async function countAttempt(limiter: RateLimiter, reply: FastifyReply, subjects: CountedSubject[]): Promise<CountedAttempt> {
  let wait = 0;
  for (const { key, limit } of subjects) {
    const result = await limiter.hit(key, limit);
    if (result.limited) wait = Math.max(wait, result.retryAfterSeconds);
  }
  if (wait > 0) {
    reply.header('retry-after', String(wait));
    throw tooManyRequests(`Too many attempts. Please wait ${waitText(wait)} and try again.`);
  }
  return {
    async refund() {
      await Promise.all(subjects.map(({ key, limit }) => limiter.refund(key, limit)));
    },
  };
}

/** The login id of a validated body (already trimmed and lower-cased by its schema). */
function loginIdOf(request: FastifyRequest): string | null {
  const loginId = (request.body as { login_id?: unknown } | undefined)?.login_id;
  return typeof loginId === 'string' ? loginId : null;
}

/**
 * Sign-in and forgot-password subjects: the address, and the login id AS TRIED FROM that
 * address. A stranger's attempts on someone's login id fill only the stranger's counters.
 */
export function perAddressSubjects(request: FastifyRequest, action: 'login' | 'forgot_password', policy: RateLimitPolicy): CountedSubject[] {
  const subjects: CountedSubject[] = [{ key: rateLimitKey(`${action}.address`, request.ip), limit: policy[action].address }];
  const loginId = loginIdOf(request);
  if (loginId !== null) subjects.push({ key: rateLimitKey(`${action}.login_id`, loginId, request.ip), limit: policy[action].login_id });
  return subjects;
}

/**
 * A preHandler (after validation, so the login id is normalised and a malformed body costs
 * no attempt) that counts every call. Sign-up counts per login id across addresses (one
 * account is made once); forgot-password per login id from this address.
 */
export function rateLimitHook(limiter: RateLimiter, policy: RateLimitPolicy, action: 'signup' | 'forgot_password'): preHandlerAsyncHookHandler {
  return async function limit(request: FastifyRequest, reply: FastifyReply) {
    if (action === 'forgot_password') {
      await countAttempt(limiter, reply, perAddressSubjects(request, action, policy));
      return;
    }
    const subjects: CountedSubject[] = [{ key: rateLimitKey('signup.address', request.ip), limit: policy.signup.address }];
    const loginId = loginIdOf(request);
    if (loginId !== null) subjects.push({ key: rateLimitKey('signup.login_id', loginId), limit: policy.signup.login_id });
    await countAttempt(limiter, reply, subjects);
  };
}

/**
 * A preHandler for signed-in calls that cost much (an export, an upload, a password check):
 * at most the policy's number per member in its window, whichever process answers.
 * Put it after `requireAuth()` (an onRequest hook), e.g. `preHandler: app.limitPerMember('export')`.
 */
export function memberRateLimit(limiter: RateLimiter, policy: RateLimitPolicy, action: MemberLimitedAction): preHandlerAsyncHookHandler {
  return async function limit(request: FastifyRequest, reply: FastifyReply) {
    await countMemberAttempt(limiter, policy, action, request, reply);
  };
}

/**
 * Counts one costly call of the signed-in member inside a handler, for a call that costs
 * only sometimes (a PDF's first build, not its kept copy): 429 with Retry-After once over.
 */
export function countMemberAttempt(limiter: RateLimiter, policy: RateLimitPolicy, action: MemberLimitedAction, request: FastifyRequest, reply: FastifyReply): Promise<CountedAttempt> {
  const { memberId } = authOf(request);
  return countAttempt(limiter, reply, [{ key: `${action}.member:${memberId}`, limit: policy[action].member }]);
}
