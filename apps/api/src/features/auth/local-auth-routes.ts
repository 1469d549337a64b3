import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  jwksResponseSchema,
  loginRequestSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  resetPasswordRequestSchema,
  signupRequestSchema,
  signupResponseSchema,
  tokenResponseSchema,
} from '@app/shared/schemas/auth';
import { authOf, requireAuth } from '../../auth/guards';
import { hashPassword } from '../../auth/passwords';
import { errorResponses } from '../../http/error-responses';
import { unauthorized } from '../../http/http-error';
import { countAttempt, perAddressSubjects } from '../../rate-limit/rate-limit-hook';
import type { MailMessage } from '../../mail/mailer';
import type { AuthRouteOptions } from './auth-route-options';
import { changePassword } from './change-password';
import { login } from './login';
import { requestPasswordReset, resetPassword } from './password-reset';
import { clearRefreshCookie, presentedRefreshToken, setRefreshCookie } from './refresh-cookie';
import { findRefreshToken, revokeFamily, rotateRefreshToken } from './refresh-tokens';
import { tokenResponse } from './session-tokens';
import { signup } from './signup';

const noContent = z.null().describe('No content');
const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
const RESET_MAIL_SENT = 'If an account exists for this e-mail address, we have sent it a code to reset the password.';

/** AUTH_PROVIDER=local: the API signs people in and keeps their sessions. */
export const localAuthRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, { rateLimit, limiter, policy }) => {
  // Reset mails leave after the answer, so its timing does not tell whether the account
  // exists; closing the app waits for the ones still on their way.
  const mailsInFlight = new Set<Promise<void>>();
  const sendInBackground = (message: MailMessage) => {
    const sending: Promise<void> = app.mailer
      .send(message)
      .catch((err: unknown) => app.log.error({ err, to: message.to }, 'sending a password reset mail failed'))
      .finally(() => mailsInFlight.delete(sending));
    mailsInFlight.add(sending);
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...mailsInFlight]);
  });

  app.post(
    '/auth/signup',
    {
      preHandler: rateLimit('signup'),
      schema: {
        tags: ['auth'],
        summary: 'A store or vendor signs up; an admin approves it before it may work',
        body: signupRequestSchema,
        response: { 201: signupResponseSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const passwordHash = await hashPassword(request.body.password);
      const created = await signup(app.db, request.body, { provider: 'local', passwordHash });
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with login id and password',
        description: 'Unverified members get tokens too; their calls other than GET /members/{loginId} and sign-out answer 403.',
        body: loginRequestSchema,
        response: { 200: tokenResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      // Only failures count: a right password takes its attempt back, so a member who signs
      // in often is never limited, and strangers' failures fill only their own counters.
      const attempt = await countAttempt(limiter, reply, perAddressSubjects(request, 'login', policy));
      const tokens = await login(app.db, app.signingKeys, request.body);
      await attempt.refund();
      setRefreshCookie(reply, app.config, tokens.refresh_token);
      return tokens;
    },
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'New tokens for a refresh token; the refresh token is spent',
        description: 'Presenting a spent refresh token again revokes every token of its session. Without `refresh_token` in the body (or without a body), the httpOnly cookie `kabadi_refresh` (path /auth) is read.',
        // Optional: the web app sends none (a CORS simple request, no preflight first).
        body: refreshRequestSchema.nullish(),
        response: { 200: tokenResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const presented = presentedRefreshToken(request, request.body?.refresh_token);
      const rotated = presented ? await rotateRefreshToken(app.db, presented) : null;
      if (!rotated?.ok) {
        // A replayed token means it was copied: worth an operator's attention.
        if (rotated?.reason === 'reused') request.log.warn('a spent refresh token was presented again: its session is revoked');
        clearRefreshCookie(reply, app.config);
        throw unauthorized(SESSION_EXPIRED);
      }
      setRefreshCookie(reply, app.config, rotated.refreshToken);
      return tokenResponse(app.signingKeys, { memberId: rotated.memberId, loginId: rotated.loginId, role: rotated.role }, rotated.refreshToken);
    },
  );

  // The refresh token is the credential here, as in OAuth token revocation (RFC 7009):
  // signing out must work for unverified members and after the access token expired.
  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the refresh token and its whole session are revoked',
        description: 'Without `refresh_token` in the body, the httpOnly cookie is read (and cleared).',
        body: logoutRequestSchema,
        response: { 204: noContent, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const presented = presentedRefreshToken(request, request.body.refresh_token);
      const token = presented ? await findRefreshToken(app.db, presented) : null;
      if (token) await revokeFamily(app.db, token.familyId);
      clearRefreshCookie(reply, app.config);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      preHandler: rateLimit('forgot_password'),
      schema: {
        tags: ['auth'],
        summary: 'Mails a one-time code to reset the password',
        description: 'Answers 202 whether or not the account exists. The code is 6 digits, valid 15 minutes, 5 tries.',
        body: forgotPasswordRequestSchema,
        response: { 202: forgotPasswordResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const mail = await requestPasswordReset(app.db, request.body.login_id);
      if (mail) sendInBackground(mail);
      return reply.status(202).send({ detail: RESET_MAIL_SENT });
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sets a new password with the mailed code; signs out every session',
        body: resetPasswordRequestSchema,
        response: { 204: noContent, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      await resetPassword(app.db, request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/change-password',
    {
      onRequest: requireAuth(),
      schema: {
        tags: ['auth'],
        summary: 'A signed-in member changes its password',
        description: 'Every other session is signed out; send this session\'s refresh_token to keep it signed in.',
        security: [{ bearer: [] }],
        body: changePasswordRequestSchema,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      // Per member: a stolen access token must not buy unlimited guesses of the current
      // password (each also costs an argon2 check). A successful change takes its attempt back.
      const attempt = await countAttempt(limiter, reply, [{ key: `change_password.member:${auth.memberId}`, limit: policy.change_password.member }]);
      await changePassword(app.db, auth, { ...request.body, refresh_token: presentedRefreshToken(request, request.body.refresh_token) });
      await attempt.refund();
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/.well-known/jwks.json',
    {
      schema: {
        tags: ['auth'],
        summary: 'The public keys that verify access and id tokens',
        response: { 200: jwksResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return app.signingKeys.publicJwks as z.infer<typeof jwksResponseSchema>;
    },
  );
};
