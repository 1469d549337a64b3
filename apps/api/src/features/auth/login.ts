import { and, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@app/shared/messages';
import type { LoginRequest, TokenResponse } from '@app/shared/schemas/auth';
import type { Database } from '../../db/database';
import { identities, members } from '../../db/tables/members.table';
import { hashPassword, needsRehash, verifyPassword } from '../../auth/passwords';
import type { SigningKeySet } from '../../auth/signing-keys';
import { unauthorized } from '../../http/http-error';
import { startSession } from './session-tokens';

// An unknown account still costs one argon2 check, so the answer's timing does not tell
// which e-mail addresses have accounts.
let dummyHash: Promise<string> | null = null;
const dummyPasswordHash = () => (dummyHash ??= hashPassword('no account has this password'));

/** The member and local password of a login id, if both exist. */
export async function findLocalIdentity(db: Database, loginId: string) {
  const [row] = await db
    .select({
      memberId: members.id,
      loginId: members.loginId,
      role: members.role,
      disabledAt: members.disabledAt,
      identityId: identities.id,
      passwordHash: identities.passwordHash,
    })
    .from(members)
    .innerJoin(identities, and(eq(identities.memberId, members.id), eq(identities.provider, 'local')))
    .where(eq(sql`lower(${members.loginId})`, loginId.toLowerCase()))
    .limit(1);
  return row ?? null;
}

/**
 * Signs a member in with login id and password. Unverified and rejected members get
 * tokens too: the web app shows them the not-verified message, and the API answers their
 * other calls 403. A disabled account is refused like a wrong password.
 */
export async function login(db: Database, keys: SigningKeySet, request: LoginRequest): Promise<TokenResponse> {
  const found = await findLocalIdentity(db, request.login_id);
  const passwordHash = found?.passwordHash ?? (await dummyPasswordHash());
  const passwordOk = await verifyPassword(passwordHash, request.password);
  if (!found?.passwordHash || !passwordOk || found.disabledAt) throw unauthorized(MESSAGES.incorrectAccount);
  if (needsRehash(found.passwordHash)) {
    await db.update(identities).set({ passwordHash: await hashPassword(request.password) }).where(eq(identities.id, found.identityId));
  }
  return startSession(db, keys, { memberId: found.memberId, loginId: found.loginId, role: found.role });
}
