import type { AddressInfo } from 'node:net';
import { and, eq, isNull } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/shared/messages';
import { passwordResetCodes, refreshTokens } from '../../db/tables/auth.table';
import { identities } from '../../db/tables/members.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_PASSWORD } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import { RESET_CODE_MAX_ATTEMPTS, RESET_CODES_LIVE_MAX } from './password-reset';

interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port; the app sends to it through SMTP_URL. */
async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const RELAXED_LIMITS = 'login.address=1000/60,login.login_id=1000/60,forgot_password.address=1000/60,forgot_password.login_id=1000/60';

describe.each(TEST_DB_KINDS)('passwords on %s', (kind) => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestApp(kind, { config: { SMTP_URL: smtp.url, MAIL_FROM: 'Kabadi <no-reply@kabadi.test>', RATE_LIMITS: RELAXED_LIMITS } });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'POST', url, payload, headers });
  const login = (loginId: string, password: string) => post('/auth/login', { login_id: loginId, password });

  /** Waits for the n-th mail to an address (mails leave after the 202) and reads the code from it. */
  async function codeFromMail(to: string, nth = 1): Promise<string> {
    for (let waited = 0; waited < 5000; waited += 25) {
      const mails = smtp.received.filter((m) => m.to.includes(to));
      const mail = mails[nth - 1];
      if (mail) {
        expect(mail.raw).toMatch(/^Subject: Your password reset code$/m);
        expect(mail.raw).toMatch(/^From: Kabadi <no-reply@kabadi\.test>$/m);
        const code = /reset code is: (\d{6})/.exec(mail.raw)?.[1];
        if (!code) throw new Error(`no code in mail:\n${mail.raw}`);
        return code;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`no mail to ${to}`);
  }

  it('mails a 6-digit code through SMTP, and the code sets a new password once', async () => {
    const store = await ctx.factories.createMember('store');
    const session = (await login(store.loginId, TEST_PASSWORD)).json();

    const forgot = await post('/auth/forgot-password', { login_id: store.loginId.toUpperCase() });
    expect(forgot.statusCode).toBe(202);
    const code = await codeFromMail(store.loginId);
    const [row] = await ctx.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.memberId, store.id));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(14 * 60 * 1000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60 * 1000);

    const reset = await post('/auth/reset-password', { login_id: store.loginId, code, password: 'brand-new-pass' });
    expect(reset.statusCode).toBe(204);
    expect((await login(store.loginId, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(store.loginId, 'brand-new-pass')).statusCode).toBe(200);
    const [identity] = await ctx.db.select().from(identities).where(eq(identities.memberId, store.id));
    expect(identity!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // A reset signs every earlier session out.
    expect((await post('/auth/refresh', { refresh_token: session.refresh_token })).statusCode).toBe(401);
    // The code is spent.
    const again = await post('/auth/reset-password', { login_id: store.loginId, code, password: 'third-pass-1' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toHaveProperty('code');
  });

  it('answers 202 for an unknown account and sends nothing', async () => {
    const before = smtp.received.length;
    const res = await post('/auth/forgot-password', { login_id: 'nobody-here@example.in' });
    expect(res.statusCode).toBe(202);
    expect(res.json().detail).toMatch(/If an account exists/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.length).toBe(before);
  });

  it('answers a wrong code 400 naming `code` and keeps the password', async () => {
    const vendor = await ctx.factories.createMember('vendor');
    await post('/auth/forgot-password', { login_id: vendor.loginId });
    const code = await codeFromMail(vendor.loginId);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await post('/auth/reset-password', { login_id: vendor.loginId, code: wrong, password: 'brand-new-pass' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('code');
    expect(res.json().detail).toMatch(/^code: /);
    expect((await login(vendor.loginId, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it(`spends a code after ${RESET_CODE_MAX_ATTEMPTS} wrong tries, even the right code after that`, async () => {
    const driver = await ctx.factories.createMember('driver');
    await post('/auth/forgot-password', { login_id: driver.loginId });
    const code = await codeFromMail(driver.loginId);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < RESET_CODE_MAX_ATTEMPTS; i++) {
      expect((await post('/auth/reset-password', { login_id: driver.loginId, code: wrong, password: 'brand-new-pass' })).statusCode).toBe(400);
    }
    const right = await post('/auth/reset-password', { login_id: driver.loginId, code, password: 'brand-new-pass' });
    expect(right.statusCode).toBe(400);
    expect((await login(driver.loginId, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps a member\'s code valid when strangers ask for more, and spends every code with one reset', async () => {
    const vendor = await ctx.factories.createMember('vendor');
    await post('/auth/forgot-password', { login_id: vendor.loginId });
    const own = await codeFromMail(vendor.loginId, 1);
    // A stranger asks again for the same login id: the member's code still works.
    await post('/auth/forgot-password', { login_id: vendor.loginId });
    const later = await codeFromMail(vendor.loginId, 2);
    expect((await post('/auth/reset-password', { login_id: vendor.loginId, code: own, password: 'brand-new-pass' })).statusCode).toBe(204);
    if (later !== own) {
      expect((await post('/auth/reset-password', { login_id: vendor.loginId, code: later, password: 'another-pass' })).statusCode).toBe(400);
    }
    expect((await login(vendor.loginId, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('refuses an expired code, and a code pushed out by newer ones', async () => {
    const store = await ctx.factories.createMember('store');
    await post('/auth/forgot-password', { login_id: store.loginId });
    const first = await codeFromMail(store.loginId, 1);
    for (let n = 2; n <= RESET_CODES_LIVE_MAX + 1; n++) await post('/auth/forgot-password', { login_id: store.loginId });
    const second = await codeFromMail(store.loginId, RESET_CODES_LIVE_MAX + 1);
    if (first !== second) {
      expect((await post('/auth/reset-password', { login_id: store.loginId, code: first, password: 'brand-new-pass' })).statusCode).toBe(400);
    }
    await ctx.db
      .update(passwordResetCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(passwordResetCodes.memberId, store.id), isNull(passwordResetCodes.usedAt)));
    const expired = await post('/auth/reset-password', { login_id: store.loginId, code: second, password: 'brand-new-pass' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors).toHaveProperty('code');
    expect((await login(store.loginId, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('answers a malformed reset 400 naming each field', async () => {
    const res = await post('/auth/reset-password', { login_id: 'x@example.in', code: '12ab', password: '123' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['code', 'password']);
  });

  describe('change-password', () => {
    it('changes the password of a signed-in member, keeping the session that asked', async () => {
      const vendor = await ctx.factories.createMember('vendor');
      const here = (await login(vendor.loginId, TEST_PASSWORD)).json();
      const elsewhere = (await login(vendor.loginId, TEST_PASSWORD)).json();
      const res = await post(
        '/auth/change-password',
        { current_password: TEST_PASSWORD, password: 'changed-pass-1', refresh_token: here.refresh_token },
        { authorization: `Bearer ${here.access_token}` },
      );
      expect(res.statusCode).toBe(204);
      expect((await login(vendor.loginId, TEST_PASSWORD)).statusCode).toBe(401);
      expect((await login(vendor.loginId, 'changed-pass-1')).statusCode).toBe(200);
      expect((await post('/auth/refresh', { refresh_token: here.refresh_token })).statusCode).toBe(200);
      expect((await post('/auth/refresh', { refresh_token: elsewhere.refresh_token })).statusCode).toBe(401);
    });

    it('refuses access tokens issued before the change; the session that changed it refreshes and goes on', async () => {
      const vendor = await ctx.factories.createMember('vendor');
      const here = (await login(vendor.loginId, TEST_PASSWORD)).json();
      const elsewhere = (await login(vendor.loginId, TEST_PASSWORD)).json();
      const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/orders', headers: { authorization: `Bearer ${token}` } });
      expect((await me(elsewhere.access_token)).statusCode).toBe(200);
      // Tokens carry whole seconds and the guard allows one of grace: step past it.
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const res = await post(
        '/auth/change-password',
        { current_password: TEST_PASSWORD, password: 'changed-pass-2', refresh_token: here.refresh_token },
        { authorization: `Bearer ${here.access_token}` },
      );
      expect(res.statusCode).toBe(204);
      expect((await me(elsewhere.access_token)).statusCode).toBe(401);
      expect((await me(here.access_token)).statusCode).toBe(401);
      const refreshed = await post('/auth/refresh', { refresh_token: here.refresh_token });
      expect(refreshed.statusCode).toBe(200);
      expect((await me(refreshed.json().access_token)).statusCode).toBe(200);
    });

    it('answers a wrong current password 400 naming current_password, and changes nothing', async () => {
      const store = await ctx.factories.createMember('store');
      const res = await post('/auth/change-password', { current_password: 'not-it', password: 'changed-pass-1' }, store.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('current_password');
      expect((await login(store.loginId, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('answers a short new password 400 naming password', async () => {
      const store = await ctx.factories.createMember('store');
      const res = await post('/auth/change-password', { current_password: TEST_PASSWORD, password: '12345' }, store.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('password');
    });

    it('needs a signed-in, verified member', async () => {
      expect((await post('/auth/change-password', { current_password: 'a', password: 'changed-pass-1' })).statusCode).toBe(401);
      const pending = await ctx.factories.createMember('store', { verified: false });
      const res = await post('/auth/change-password', { current_password: TEST_PASSWORD, password: 'changed-pass-1' }, pending.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(MESSAGES.notVerified);
    });

    it('keeps no refresh token of another member alive through refresh_token', async () => {
      const a = await ctx.factories.createMember('vendor');
      const b = await ctx.factories.createMember('vendor');
      const bSession = (await login(b.loginId, TEST_PASSWORD)).json();
      const aSession = (await login(a.loginId, TEST_PASSWORD)).json();
      await post('/auth/change-password', { current_password: TEST_PASSWORD, password: 'changed-pass-1', refresh_token: bSession.refresh_token }, a.headers);
      expect((await post('/auth/refresh', { refresh_token: aSession.refresh_token })).statusCode).toBe(401);
      const bTokens = await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.memberId, b.id));
      expect(bTokens.every((t) => t.revokedAt === null)).toBe(true);
    });
  });
});
