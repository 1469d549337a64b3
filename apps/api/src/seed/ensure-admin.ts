import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { identities, members } from '../db/tables/members.table';
import { hashPassword } from '../auth/passwords';

export async function adminExists(db: Database): Promise<boolean> {
  const rows = await db.select({ id: members.id }).from(members).where(eq(members.role, 'admin')).limit(1);
  return rows.length > 0;
}

/** Creates the first admin from ADMIN_LOGIN_ID / ADMIN_PASSWORD when it does not exist yet. */
export async function ensureConfiguredAdmin(db: Database, loginId: string, password: string): Promise<void> {
  const login = loginId.toLowerCase();
  const existing = await db.select({ id: members.id }).from(members).where(eq(sql`lower(${members.loginId})`, login)).limit(1);
  if (existing.length > 0) return;
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [member] = await tx
      .insert(members)
      .values({ loginId: login, name: 'Administrator', role: 'admin', isVerified: true, approvalStatus: 'approved' })
      .returning({ id: members.id });
    await tx.insert(identities).values({ memberId: member!.id, provider: 'local', subject: login, passwordHash, passwordChangedAt: new Date() });
  });
}
