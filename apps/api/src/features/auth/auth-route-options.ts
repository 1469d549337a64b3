import type { preHandlerAsyncHookHandler } from 'fastify';
import type { RateLimitPolicy } from '../../rate-limit/rate-limit-policy';
import type { RateLimiter } from '../../rate-limit/rate-limiter';

export interface AuthRouteOptions {
  /** Counts every call (sign-up, forgot-password). */
  rateLimit(action: 'signup' | 'forgot_password'): preHandlerAsyncHookHandler;
  limiter: RateLimiter;
  policy: RateLimitPolicy;
}
