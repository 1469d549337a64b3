import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../db/tables/escalations.table';
import { mailQueue } from '../db/tables/live.table';
import { requestPasswordReset } from '../features/auth/password-reset';
import { createWorld, orderInStatus, type World } from '../features/orders/orders-test-kit';
import { createTestApp, type TestContext } from '../test/test-app';
import type { TestMember } from '../test/factories';
import { TEST_DB_KINDS } from '../test/test-database';

// design.md section 13: a member whose `language` is `hi` reads its notifications and
// e-mails (the reset code too) in Hindi; everyone else keeps English.

const DEVANAGARI = /[\u0900-\u097F]/;

describe.each(TEST_DB_KINDS)('mail in the member\'s language on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    world = await createWorld(ctx);
  }, 120_000);
  afterAll(async () => ctx?.close());

  const choose = async (member: TestMember, language: 'en' | 'hi') => {
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/settings/notification/me',
      headers: member.headers,
      payload: { in_app: true, email_order_updates: true, email_escalations: true, language },
    });
    expect(put.statusCode, put.body).toBe(200);
  };

  it('writes a Hindi member\'s notification and e-mail in Hindi, and an English member\'s in English', async () => {
    await choose(world.store, 'hi');
    await choose(world.driver, 'en');
    const id = await orderInStatus(ctx, world, 'waiting_store');
    const n = `#${String(id).padStart(8, '0')}`;

    const [note] = (await ctx.db.select().from(notifications).where(eq(notifications.memberId, world.store.id))).filter((x) => x.title.includes(n));
    expect(note!.title).toBe(`ऑर्डर ${n} तौल लिया गया`);
    const [mail] = (await ctx.db.select().from(mailQueue).where(eq(mailQueue.toAddress, world.store.loginId))).filter((m) => m.subject.includes(n));
    expect(mail!.subject).toBe(`ऑर्डर ${n} तौल लिया गया`);
    expect(mail!.body).toMatch(/^नमस्ते /);
    expect(mail!.body).toContain(`/Store/Orders?id=${id}`);

    await choose(world.store, 'en');
    const next = await orderInStatus(ctx, world, 'waiting_store');
    const m = `#${String(next).padStart(8, '0')}`;
    const english = (await ctx.db.select().from(notifications).where(eq(notifications.memberId, world.store.id))).filter((x) => x.title.includes(m));
    expect(english.map((x) => x.title)).toEqual([`Order ${m} is weighed`]);
  });

  it('mails the password reset code in the member\'s language', async () => {
    const member = await ctx.factories.createMember('vendor');
    const english = await requestPasswordReset(ctx.db, member.loginId);
    expect(english!.subject).toBe('Your password reset code');
    await choose(member, 'hi');
    const hindi = await requestPasswordReset(ctx.db, member.loginId);
    expect(hindi!.subject).toBe('पासवर्ड बदलने का आपका कोड');
    expect(hindi!.text).toMatch(/आपका कोड है: \d{6}/);
    expect(hindi!.text.split('\n').filter((line) => /[a-z]{3,} [a-z]{3,} [a-z]{3,}/i.test(line))).toEqual([]);
    expect(hindi!.text).toMatch(DEVANAGARI);
  });
});
