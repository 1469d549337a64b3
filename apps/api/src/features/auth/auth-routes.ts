import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimitHook } from '../../rate-limit/rate-limit-hook';
import { hostedAuthRoutes } from './hosted-auth-routes';
import { localAuthRoutes } from './local-auth-routes';
import { otpRoutes } from './otp-routes';
import type { AuthRouteOptions } from './auth-route-options';

/**
 * design.md section 5. With AUTH_PROVIDER=local the API is the identity provider; with
 * cognito the hosted pool signs people in and only the sign-up of the member remains here.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const policy = app.config.RATE_LIMITS;
  const limiter = app.rateLimiter;
  const options: AuthRouteOptions = { limiter, policy, rateLimit: (action) => rateLimitHook(limiter, policy, action) };
  if (app.config.AUTH_PROVIDER === 'cognito') await app.register(hostedAuthRoutes, options);
  else {
    await app.register(localAuthRoutes, options);
    await app.register(otpRoutes, options);
  }
};
