import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../config/config';
import type { DatabaseHandle } from '../../db/database';
import { identities, members } from '../../db/tables/members.table';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { seedOnStart } from '../../seed/seed';
import { openTestDatabase, TEST_DB_KINDS } from '../../test/test-database';

// design.md section 3: production never creates demo accounts and refuses to start without an admin.
describe.each(TEST_DB_KINDS)('a production start on %s', (kind) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });
  const log = () => {};

  it('creates the configured admin and no demo account', async () => {
    handle = await openTestDatabase(kind);
    await seedOnStart(handle.db, testConfig({ APP_ENV: 'production', ADMIN_LOGIN_ID: 'Boss@Example.in', ADMIN_PASSWORD: 'boss-pass-1' }), log);
    const demo = await handle.db.select().from(members).where(inArray(members.loginId, DEMO_ACCOUNTS.map((a) => a.loginId)));
    expect(demo).toEqual([]);
    const all = await handle.db.select().from(members);
    expect(all.map((m) => [m.loginId, m.role, m.isVerified, m.approvalStatus])).toEqual([['boss@example.in', 'admin', true, 'approved']]);
    const [identity] = await handle.db.select().from(identities).where(eq(identities.memberId, all[0]!.id));
    expect(identity!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses to start on a database that holds the demo accounts', async () => {
    handle = await openTestDatabase(kind);
    await seedOnStart(handle.db, testConfig({ APP_ENV: 'dev' }), log);
    const production = testConfig({ APP_ENV: 'production', ADMIN_LOGIN_ID: 'boss@example.in', ADMIN_PASSWORD: 'boss-pass-1' });
    await expect(seedOnStart(handle.db, production, log)).rejects.toThrow(/demo accounts/);
  });

  it('refuses to start with no admin and no ADMIN_*', async () => {
    handle = await openTestDatabase(kind);
    await expect(seedOnStart(handle.db, testConfig({ APP_ENV: 'production' }), log)).rejects.toThrow(/no admin exists/);
    expect(await handle.db.select().from(members)).toEqual([]);
  });
});
