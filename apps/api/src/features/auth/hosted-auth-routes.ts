import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hostedSignupRequestSchema, otpRequestSchema, otpVerifySchema, signupResponseSchema } from '@app/shared/schemas/auth';
import { bearerToken } from '../../auth/guards';
import { errorResponses } from '../../http/error-responses';
import { HttpError, fieldError, unauthorized } from '../../http/http-error';
import type { AuthRouteOptions } from './auth-route-options';
import { signup } from './signup';

/**
 * Sign-in with a code by SMS under a hosted pool is the pool's own (design.md section 20):
 * the web app asks Cognito for its SMS_OTP choice-based sign-in (USER_AUTH flow) through
 * Amplify, and the pool sends the code and issues the tokens. The API holds no pool
 * credentials and sends no codes, so its own routes say so rather than half-work.
 */
export const HOSTED_OTP_MESSAGE =
  'With AUTH_PROVIDER=cognito the user pool sends sign-in codes: sign in through the pool with its SMS_OTP choice (USER_AUTH flow). This API sends no codes.';

/**
 * AUTH_PROVIDER=cognito: the pool signs people in, refreshes and resets passwords. What
 * stays here is the member record of a sign-up: the web app signs up in the pool, signs
 * in, and sends its store or vendor with the pool's access token, whose username must be
 * the login id (so nobody can claim another person's address).
 */
export const hostedAuthRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, { rateLimit }) => {
  app.post(
    '/auth/signup',
    {
      preHandler: rateLimit('signup'),
      schema: {
        tags: ['auth'],
        summary: 'Creates the member of a user who signed up in the hosted pool',
        security: [{ bearer: [] }],
        body: hostedSignupRequestSchema,
        response: { 201: signupResponseSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized('Sign in to the user pool first: the Authorization bearer token is missing');
      let loginId: string;
      try {
        ({ loginId } = await app.tokenVerifier.verify(token));
      } catch {
        throw unauthorized('Your session has expired or is not valid. Please sign in again.');
      }
      if (loginId.toLowerCase() !== request.body.login_id) throw fieldError('login_id', 'Use the e-mail address you signed up with');
      const created = await signup(app.db, request.body, { provider: 'cognito' });
      return reply.status(201).send(created);
    },
  );

  for (const [url, body] of [
    ['/auth/otp/request', otpRequestSchema],
    ['/auth/otp/verify', otpVerifySchema],
  ] as const) {
    app.post(
      url,
      {
        schema: {
          tags: ['auth'],
          summary: 'Not with a hosted pool: its own SMS_OTP sign-in sends the code (501)',
          body,
          response: errorResponses(400, 501),
        },
      },
      async () => {
        throw new HttpError(501, HOSTED_OTP_MESSAGE);
      },
    );
  }
};
