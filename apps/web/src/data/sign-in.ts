import type { ParseKeys } from 'i18next';
import { APPROVAL_STATUSES, ROLES } from '@app/shared/constants';
import type { Member } from '@app/shared/schemas/members';
import { getRuntimeConfig } from '@/config/runtime-config';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { getAuthProvider } from '@/lib/auth-provider';
import { session, type SessionTokens, type SessionUser } from '@/lib/session';

// Sign-in with the spec's guard (product-spec.md sections 5, 6 and 8):
// - no is_verified or no role: refused ("You are not verified yet..."), signed out;
// - outside dev the role must be the deployment's role: refused ("Incorrect account or
//   password"), signed out, storage cleared;
// - otherwise the member becomes the session's user (localStorage keeps userRole).
// This runs on /login, whose bundle stays without zod and TanStack Query
// (scripts/check-bundle-size.mjs): nothing here may import them.

// The shape of @app/shared/schemas/members (memberSchema), checked by hand (no zod here).

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isIntOrNull = (v: unknown) => v === null || isInt(v);

export function parseMember(body: unknown): Member {
  const m = body as Record<string, unknown> | null;
  const ok =
    !!m &&
    isInt(m.id) &&
    typeof m.login_id === 'string' &&
    typeof m.name === 'string' &&
    (ROLES as readonly unknown[]).includes(m.role) &&
    typeof m.is_verified === 'boolean' &&
    (APPROVAL_STATUSES as readonly unknown[]).includes(m.approval_status) &&
    isIntOrNull(m.store_id) &&
    isIntOrNull(m.vendor_id) &&
    isIntOrNull(m.driver_id);
  if (!ok) throw new ApiError(200, 'The server answered with an unexpected member record.', {}, 'format');
  return m as unknown as Member;
}

/** GET /members/{loginId}: role and is_verified decide whether the member may come in. */
export async function getMember(loginId: string, signal?: AbortSignal): Promise<Member> {
  return parseMember(await api.get(`/members/${encodeURIComponent(loginId)}`, { signal }));
}

export type SignInRefusal = 'not-verified' | 'role-mismatch';

/** A sign-in the credentials allowed but the guard did not. */
export class SignInRefusedError extends Error {
  override name = 'SignInRefusedError';
  readonly reason: SignInRefusal;
  constructor(reason: SignInRefusal) {
    super(reason);
    this.reason = reason;
  }
}

/** The i18n key of the message for a refusal (the spec's text). */
export const REFUSAL_MESSAGE_KEY: Record<SignInRefusal, ParseKeys<'common'>> = {
  'not-verified': 'messages.notVerified',
  'role-mismatch': 'messages.incorrectAccount',
};

export function toSessionUser(member: Member): SessionUser {
  return {
    memberId: member.id,
    loginId: member.login_id,
    name: member.name,
    role: member.role,
    storeId: member.store_id,
    vendorId: member.vendor_id,
    driverId: member.driver_id,
  };
}

/** Step 2 of every sign-in (password, hosted UI, after a reset): check the member, then let them in. */
export async function completeSignIn(tokens: SessionTokens, loginId: string): Promise<SessionUser> {
  session.setTokens(tokens);
  let member: Member;
  try {
    member = await getMember(loginId);
  } catch (error) {
    await session.signOut('user');
    throw error;
  }
  if (!member.is_verified || !member.role) {
    await session.signOut('not-verified');
    throw new SignInRefusedError('not-verified');
  }
  const config = getRuntimeConfig();
  if (config.env !== 'dev' && member.role !== config.role) {
    await session.signOut('role-mismatch', { clearStorage: true });
    throw new SignInRefusedError('role-mismatch');
  }
  const user = toSessionUser(member);
  session.setUser(user);
  return user;
}

export async function signInWithPassword(loginId: string, password: string): Promise<SessionUser> {
  const provider = await getAuthProvider();
  const result = await provider.signIn(loginId, password);
  return completeSignIn(result.tokens, result.loginId || loginId);
}

/** After a hosted-UI redirect (cognito): a session Amplify holds but this app has not checked yet. */
export async function resumeProviderSession(): Promise<SessionUser | null> {
  if (session.isSignedIn()) return null;
  const provider = await getAuthProvider();
  const existing = await provider.currentSession();
  if (!existing?.loginId) return null;
  return completeSignIn(existing.tokens, existing.loginId);
}

/**
 * Whether /login offers sign-in with a code by SMS (design.md section 20). Only with the
 * API's own sign-in: under a Cognito pool the API answers 501, and the pool's SMS sign-in
 * is not wired here (what it lacks: decision draft h6).
 */
export const signInCodesOffered = (): boolean => getRuntimeConfig().auth.provider === 'local';
