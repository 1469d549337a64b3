import type { preHandlerAsyncHookHandler } from 'fastify';
import type { RateLimitedAction } from '../../rate-limit/rate-limit-policy';

export interface AuthRouteOptions {
  rateLimit(action: RateLimitedAction): preHandlerAsyncHookHandler;
}
