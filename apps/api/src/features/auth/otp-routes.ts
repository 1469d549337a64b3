import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@app/shared/messages';
import { otpRequestResponseSchema, otpRequestSchema, otpVerifySchema, SIGN_IN_CODE_LENGTH, SIGN_IN_CODE_TTL_MINUTES, tokenResponseSchema } from '@app/shared/schemas/auth';
import { webUrlOf, type AppConfig } from '../../config/config';
import { errorResponses } from '../../http/error-responses';
import { tooManyRequests, unauthorized } from '../../http/http-error';
import { countAttempt } from '../../rate-limit/rate-limit-hook';
import { rateLimitKey } from '../../rate-limit/rate-limiter';
import { kickSms } from '../../sms/sms-runner';
import type { AuthRouteOptions } from './auth-route-options';
import { setRefreshCookie } from './refresh-cookie';
import { startSession } from './session-tokens';
import { phoneKeyOf, requestSignInCode, secondsUntilNextRequest, SIGN_IN_CODE_GAP_S, SIGN_IN_CODE_MAX_ATTEMPTS, verifySignInCode, type SmsOptions } from './sign-in-codes';

const CODE_SENT = 'If this number belongs to an account, we have sent it a sign-in code by SMS.';
const waitForNextCode = (seconds: number) => `A code was asked for this number a moment ago. Please wait ${seconds} seconds and ask again.`;

/**
 * The web app's host for the WebOTP line (its first origin). Hindi texts only where they may
 * go: through SNS with an English DLT template, the Hindi one needs its own, else English.
 */
function smsOptionsOf(config: AppConfig): SmsOptions {
  const hindiUnregistered = Boolean(config.SMS_URL && config.SMS_DLT_TEMPLATE_OTP && !config.SMS_DLT_TEMPLATE_OTP_HI);
  return { host: new URL(webUrlOf(config)).hostname, hindi: !hindiUnregistered };
}

/** AUTH_PROVIDER=local: sign-in with a code by SMS (design.md section 20). */
export const otpRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, { limiter, policy }) => {
  const sms = smsOptionsOf(app.config);

  app.post(
    '/auth/otp/request',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sends a sign-in code by SMS to a member\'s mobile number (or, signing up, to any)',
        description:
          `Answers 202 whether or not the number is a member's; only a member's (not disabled) gets an SMS, or any number with \`sign_up: true\` (a household signing up, design.md section 21). The code is ${SIGN_IN_CODE_LENGTH} digits, valid ${SIGN_IN_CODE_TTL_MINUTES} minutes, ` +
          `${SIGN_IN_CODE_MAX_ATTEMPTS} tries; a new request replaces the code. Per number one request per ${SIGN_IN_CODE_GAP_S} s and RATE_LIMITS otp_request.phone ` +
          '(5 an hour), per address otp_request.address (20 an hour): 429 with Retry-After. The SMS ends with the WebOTP line `@host #code`.',
        body: otpRequestSchema,
        response: { 202: otpRequestResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { phone, sign_up: signUp } = request.body;
      // The gap first: a second tap on "send" costs none of the hour's requests.
      const wait = await secondsUntilNextRequest(app.db, app.signingKeys, phone);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw tooManyRequests(waitForNextCode(wait));
      }
      // Per number whoever asks (each request costs an SMS), and per address; the number's
      // counter holds its keyed digest, never the number.
      const attempt = await countAttempt(limiter, reply, [
        { key: rateLimitKey('otp_request.address', request.ip), limit: policy.otp_request.address },
        { key: rateLimitKey('otp_request.phone', phoneKeyOf(app.signingKeys, phone)), limit: policy.otp_request.phone },
      ]);
      const result = await requestSignInCode(app.db, app.signingKeys, phone, sms, signUp === true);
      if (!result.taken) {
        // Another process took this number's request a moment ago: this one sent nothing.
        await attempt.refund();
        reply.header('retry-after', String(result.retryAfterSeconds));
        throw tooManyRequests(waitForNextCode(result.retryAfterSeconds));
      }
      // The SMS leaves now rather than at the scheduler's next tick; the answer does not wait.
      kickSms(app);
      return reply.status(202).send({ detail: CODE_SENT });
    },
  );

  app.post(
    '/auth/otp/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the code from the SMS: the same tokens as POST /auth/login',
        description:
          `A wrong code is 400 naming \`code\`; the ${SIGN_IN_CODE_MAX_ATTEMPTS}th wrong one ends it, as does its expiry (both: "Ask for a new code"). ` +
          'A right code for a number of no member: with `sign_up` `{name, city_id, address, location?}` it creates the household (verified, approved) and signs it in; ' +
          'without, 400 naming `code` ("Sign up first") and the code stays valid. `sign_up` is checked before the code is tried, and ignored for a member\'s number. ' +
          'Sets the refresh cookie as sign-in does. Failed tries count per address (RATE_LIMITS otp_verify.address).',
        body: otpVerifySchema,
        response: { 200: tokenResponseSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      // Only failures count, as with passwords: a right code takes its attempt back.
      const attempt = await countAttempt(limiter, reply, [{ key: rateLimitKey('otp_verify.address', request.ip), limit: policy.otp_verify.address }]);
      const member = await verifySignInCode(app.db, app.signingKeys, request.body.phone, request.body.code, request.body.sign_up);
      await attempt.refund();
      // As POST /auth/login: a disabled account is refused; unverified ones get tokens (and 403 elsewhere).
      if (member.disabled) throw unauthorized(MESSAGES.incorrectAccount);
      const tokens = await startSession(app.db, app.signingKeys, { memberId: member.memberId, loginId: member.loginId, role: member.role });
      setRefreshCookie(reply, app.config, tokens.refresh_token);
      return tokens;
    },
  );
};
