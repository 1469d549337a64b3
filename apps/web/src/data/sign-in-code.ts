import { NO_ACCOUNT_FOR_NUMBER, type OtpRequest, type OtpVerify } from '@app/shared/schemas/auth';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { tokensFromAnswer } from '@/lib/auth-provider';
import type { SessionUser } from '@/lib/session';
import { completeSignIn } from './sign-in';

// Sign-in with a code by SMS (design.md section 20, decision 081): POST /auth/otp/request
// and /auth/otp/verify. Apart from sign-in.ts so that only the phone form's lazy chunk
// carries it; like sign-in.ts it imports no zod (only types of the shared schemas).

/**
 * Asks the API to text a code to `phone` (any written form; the API reads it). The answer is
 * 202 whether or not the number is a member's; its `detail` (English) says so, or null.
 */
export async function requestSignInCode(phone: OtpRequest['phone'], { signUp = false }: { signUp?: boolean } = {}): Promise<string | null> {
  // A household signing up (design.md section 21): a number of no member gets a code too.
  const body: OtpRequest = signUp ? { phone, sign_up: true } : { phone };
  // No retry: a second request within 30 s is refused (429), and each one may cost an SMS.
  const answer = await api.post<{ detail?: unknown } | undefined>('/auth/otp/request', body, { auth: false, retry: false });
  return typeof answer?.detail === 'string' ? answer.detail : null;
}

/** A JWT's claims, unverified (the API checks the token on every call); null when it has none. */
function claimsOf(token: string): { username?: unknown } | null {
  const part = token.split('.')[1] ?? '';
  if (!/^[\w-]+$/.test(part)) return null;
  // Not @app/shared/base64url: the build keeps it in the signed-in pages' chunk (50 KB brotli),
  // which this form would then wait for.
  try {
    const binary = atob(part.replaceAll('-', '+').replaceAll('_', '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))) as { username?: unknown };
  } catch {
    return null;
  }
}

/** The login id the API put in its own access token (`username`), which names the member to check. */
export function loginIdOfToken(accessToken: string): string {
  const username = claimsOf(accessToken)?.username;
  if (typeof username !== 'string' || username === '') throw new ApiError(200, 'The server answered the sign-in in an unexpected format.', {}, 'format');
  return username;
}

/**
 * The code from the SMS: the API answers as POST /auth/login does (tokens, and the refresh
 * cookie, which the browser keeps only when asked to: the API is another origin), and the
 * member is checked and let in as after a password.
 */
export async function signInWithCode(phone: OtpVerify['phone'], code: OtpVerify['code'], signUp?: OtpVerify['sign_up']): Promise<SessionUser> {
  // With `signUp`, a number of no member becomes a household (a member's number ignores it).
  const body: OtpVerify = signUp ? { phone, code, sign_up: signUp } : { phone, code };
  const answer = await api.post('/auth/otp/verify', body, { auth: false, credentials: 'include' });
  const tokens = tokensFromAnswer(answer);
  return completeSignIn(tokens, loginIdOfToken(tokens.accessToken));
}

/**
 * The API's 400 on `code` for a right code of a number that belongs to no member, sent
 * without `sign_up` (NO_ACCOUNT_FOR_NUMBER, the API's own constant): /Household/Start then asks
 * for the household's details and sends the same code again with them.
 */
export function isNoAccountAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && 'code' in error.errors && error.originalDetail.endsWith(NO_ACCOUNT_FOR_NUMBER);
}
