import type { ParseKeys } from 'i18next';
import type { Member } from '@app/shared/schemas/members';
import { getRuntimeConfig } from '@/config/runtime-config';
import { getAuthProvider } from '@/lib/auth-provider';
import { session, type SessionTokens, type SessionUser } from '@/lib/session';
import { getMember } from './get-member';

// Sign-in with the spec's guard (product-spec.md sections 5, 6 and 8):
// - no is_verified or no role: refused ("You are not verified yet..."), signed out;
// - outside dev the role must be the deployment's role: refused ("Incorrect account or
//   password"), signed out, storage cleared;
// - otherwise the member becomes the session's user (localStorage keeps userRole).

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
