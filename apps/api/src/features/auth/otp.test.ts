import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/shared/messages';
import { PHONE_MESSAGE } from '@app/shared/schemas/phone';
import { buildApp, type App } from '../../app';
import { mailQueue } from '../../db/tables/live.table';
import { members } from '../../db/tables/members.table';
import { settings } from '../../db/tables/settings.table';
import { smsSettled } from '../../sms/sms-runner';
import { TEST_PASSWORD } from '../../test/factories';
import { codeOf, givePhone, newPhone, outboxSms, waitForOutboxSms } from '../../test/phones';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';
import { REFRESH_COOKIE } from './refresh-cookie';
import { CODE_MESSAGES, phoneKeyOf } from './sign-in-codes';

// Sign-in with a code by SMS (design.md section 20), with the SMS outbox of a dev start.
// Windows far longer than a test, so no window boundary falls inside one; the maxima are the defaults.
const W = 10_000_000;
const LIMITS = `otp_request.phone=5/${W},otp_request.address=20/${W},otp_verify.address=1000/${W}`;

/** The refresh cookie of a Set-Cookie header: its value and attributes. */
function refreshCookieOf(setCookie: string | string[] | undefined) {
  const line = [setCookie ?? []].flat().find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
  if (!line) return null;
  const [pair = '', ...attrs] = line.split(';').map((p) => p.trim());
  return { value: pair.slice(REFRESH_COOKIE.length + 1), attrs: attrs.map((a) => a.toLowerCase()).sort() };
}

let addressSeq = 0;
/** Each caller speaks from an address of its own (the app trusts X-Forwarded-For from its proxy). */
const newAddress = () => {
  const n = ++addressSeq;
  return { 'x-forwarded-for': `127.52.${Math.floor(n / 200)}.${(n % 200) + 1}` };
};

describe.each(TEST_DB_KINDS)('sign-in with a code by SMS on %s', (kind) => {
  let ctx: TestContext;
  let second: App;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-otp-'));
    ctx = await createTestApp(kind, { config: { DATA_DIR: dataDir, RATE_LIMITS: LIMITS, TRUST_PROXY: 'true', WEB_ORIGIN: 'https://orders.example.in' } });
    // A second API process on the same database, as behind a load balancer.
    second = await buildApp({ config: ctx.config, database: ctx.handle, signingKeys: ctx.keys, scheduler: false, pushSender: false });
  });
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const ask = (phone: string, headers: Record<string, string> = newAddress(), app: App = ctx.app) => app.inject({ method: 'POST', url: '/auth/otp/request', payload: { phone }, headers });
  const verify = (phone: string, code: string, headers: Record<string, string> = newAddress(), app: App = ctx.app) =>
    app.inject({ method: 'POST', url: '/auth/otp/verify', payload: { phone, code }, headers });
  const memberWithPhone = async (role: 'store' | 'driver' | 'vendor' = 'store', options: { verified?: boolean } = {}) => {
    const member = await ctx.factories.createMember(role, options);
    return { ...member, phone: await givePhone(ctx.db, member.id) };
  };
  /** The number's last request moves `seconds` into the past, as if that much time had passed. */
  const movePast = (phone: string, seconds: number) =>
    ctx.db.execute(sql`update sign_in_codes set requested_at = requested_at - make_interval(secs => ${seconds}), expires_at = expires_at - make_interval(secs => ${seconds}) where phone_key = ${phoneKeyOf(ctx.keys, phone)}`);
  const smsRowsTo = (phone: string) => ctx.db.select().from(mailQueue).where(eq(mailQueue.toAddress, phone));
  const askAndRead = async (phone: string) => {
    const before = (await outboxSms(dataDir)).filter((m) => m.to === phone).length;
    expect((await ask(phone)).statusCode).toBe(202);
    try {
      return await waitForOutboxSms(dataDir, phone, before);
    } catch (error) {
      // What the queue holds for the number says whether the kick never came or the send failed.
      const rows = (await smsRowsTo(phone)).map((r) => ({ next: r.nextAttemptAt, sent: r.sentAt, failed: r.failedAt, attempts: r.attempts, error: r.lastError }));
      throw new Error(`${(error as Error).message}; its queue rows: ${JSON.stringify(rows)} at ${new Date().toISOString()}`, { cause: error });
    }
  };

  it('answers 202 alike for a member\'s number and a stranger\'s, and texts only the member', async () => {
    const member = await memberWithPhone();
    const stranger = newPhone();
    // Written as people write it: the same number.
    const forMember = await ask(`0${member.phone.slice(3, 8)} ${member.phone.slice(8)}`);
    const forStranger = await ask(stranger);
    expect(forMember.statusCode).toBe(202);
    expect(forStranger.statusCode).toBe(202);
    expect(forStranger.json()).toEqual(forMember.json());
    const sms = await waitForOutboxSms(dataDir, member.phone);
    expect(sms.text).toMatch(/^Your Kabadi sign-in code is (\d{6})\. It expires in 5 minutes\.\n\n@orders\.example\.in #\1$/);
    await smsSettled(ctx.app);
    expect((await outboxSms(dataDir)).filter((m) => m.to === stranger)).toEqual([]);
    expect(await smsRowsTo(stranger)).toEqual([]);
    // Once sent, the queue keeps no copy of the code.
    await expect.poll(async () => (await smsRowsTo(member.phone)).map((r) => [r.channel, r.body, r.sentAt !== null])).toEqual([['sms', '', true]]);
  });

  it('signs in with the code: the same answer and cookie as POST /auth/login, once', async () => {
    const member = await memberWithPhone('driver');
    const code = codeOf((await askAndRead(member.phone)).text);
    const res = await verify(member.phone, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['access_token', 'expires_in', 'id_token', 'refresh_token', 'token_type']);
    expect(res.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    // The cookie /auth/login sets, attribute for attribute, holding this session's token.
    const login = await ctx.app.inject({ method: 'POST', url: '/auth/login', payload: { login_id: member.loginId, password: TEST_PASSWORD } });
    const cookie = refreshCookieOf(res.headers['set-cookie']);
    expect(cookie?.value).toBe(res.json().refresh_token);
    expect(cookie?.attrs).toEqual(refreshCookieOf(login.headers['set-cookie'])?.attrs);
    expect(cookie?.attrs).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/auth']));
    const me = await ctx.app.inject({ method: 'GET', url: `/members/${member.loginId}`, headers: { authorization: `Bearer ${res.json().access_token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: member.id, role: 'driver' });
    const refreshed = await ctx.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refresh_token: res.json().refresh_token } });
    expect(refreshed.statusCode).toBe(200);
    // Spent: the same code again is no way in.
    const again = await verify(member.phone, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ code: [CODE_MESSAGES.none] });
  });

  it('counts wrong codes: the fifth ends the code, and then even the right one is refused', async () => {
    const member = await memberWithPhone();
    const code = codeOf((await askAndRead(member.phone)).text);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 4; i++) {
      const res = await verify(member.phone, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ code: [CODE_MESSAGES.wrong] });
    }
    const fifth = await verify(member.phone, wrong, newAddress(), second);
    expect(fifth.json().errors.code[0]).toMatch(/Ask for a new code/);
    const right = await verify(member.phone, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().errors).toEqual({ code: [CODE_MESSAGES.tooManyWrong] });
  });

  it('lets no more than five guesses through when they arrive at once on both processes', async () => {
    const member = await memberWithPhone();
    const code = codeOf((await askAndRead(member.phone)).text);
    const wrong = code === '999999' ? '999998' : '999999';
    const guesses = await Promise.all(Array.from({ length: 10 }, (_, i) => verify(member.phone, wrong, newAddress(), i % 2 ? second : ctx.app)));
    const messages = guesses.map((g) => g.json().errors.code[0] as string);
    expect(messages.filter((m) => m === CODE_MESSAGES.wrong)).toHaveLength(4);
    expect(messages.filter((m) => m === CODE_MESSAGES.tooManyWrong)).toHaveLength(6);
    expect((await verify(member.phone, code)).statusCode).toBe(400);
  });

  it('refuses an expired code with a clear 400 naming code', async () => {
    const member = await memberWithPhone();
    const code = codeOf((await askAndRead(member.phone)).text);
    // Five minutes and a second later, by the database's clock.
    await movePast(member.phone, 301);
    const res = await verify(member.phone, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: `code: ${CODE_MESSAGES.expired}`, errors: { code: [CODE_MESSAGES.expired] } });
  });

  it('replaces the old code with a new request', async () => {
    const member = await memberWithPhone();
    const first = codeOf((await askAndRead(member.phone)).text);
    await movePast(member.phone, 31);
    const second_ = codeOf((await askAndRead(member.phone)).text);
    if (first !== second_) expect((await verify(member.phone, first)).json().errors).toEqual({ code: [CODE_MESSAGES.wrong] });
    expect((await verify(member.phone, second_)).statusCode).toBe(200);
  });

  it('answers a stranger\'s number as a member\'s with a wrong code', async () => {
    const stranger = newPhone();
    expect((await ask(stranger)).statusCode).toBe(202);
    const res = await verify(stranger, '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ code: [CODE_MESSAGES.wrong] });
    // Never asked for: no code, as for a member who never asked.
    expect((await verify(newPhone(), '123456')).json().errors).toEqual({ code: [CODE_MESSAGES.none] });
  });

  it('signs an unverified member in as /auth/login does, and refuses a disabled one as it does', async () => {
    const pending = await memberWithPhone('store', { verified: false });
    const tokens = await verify(pending.phone, codeOf((await askAndRead(pending.phone)).text));
    expect(tokens.statusCode).toBe(200);
    const orders = await ctx.app.inject({ method: 'GET', url: '/orders', headers: { authorization: `Bearer ${tokens.json().access_token}` } });
    expect(orders.statusCode).toBe(403);
    expect(orders.json().detail).toBe(MESSAGES.notVerified);

    // Disabled after its code was sent: refused as a wrong password is.
    const leaving = await memberWithPhone('vendor');
    const code = codeOf((await askAndRead(leaving.phone)).text);
    await ctx.db.update(members).set({ disabledAt: new Date() }).where(eq(members.id, leaving.id));
    const refused = await verify(leaving.phone, code);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toBe(MESSAGES.incorrectAccount);
    // Disabled before: no SMS at all, and the same 202.
    await movePast(leaving.phone, 31);
    expect((await ask(leaving.phone)).statusCode).toBe(202);
    expect(await smsRowsTo(leaving.phone)).toHaveLength(1);
  });

  it('texts a member who reads Hindi in Hindi, with the WebOTP line', async () => {
    const member = await memberWithPhone();
    await ctx.db.insert(settings).values({ key: `notification:${member.id}`, value: { in_app: true, email_order_updates: true, email_escalations: true, language: 'hi' } });
    const sms = await askAndRead(member.phone);
    expect(sms.text).toMatch(/^आपका Kabadi साइन-इन कोड (\d{6}) है। यह 5 मिनट में खत्म हो जाएगा।\n\n@orders\.example\.in #\1$/);
  });

  it('refuses what is no mobile number, naming phone, and a code that is not 6 digits, naming code', async () => {
    for (const phone of ['020 2553 1234', '12345', 'call me']) {
      const res = await ask(phone);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ phone: [PHONE_MESSAGE] });
    }
    const res = await verify(newPhone(), '12 34');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['code']);
  });

  describe('limits', () => {
    it('takes one request per number in 30 seconds, whoever asks and on either process, member or not (429 with Retry-After)', async () => {
      const member = await memberWithPhone();
      for (const phone of [member.phone, newPhone()]) {
        expect((await ask(phone)).statusCode).toBe(202);
        const soon = await ask(phone, newAddress(), second);
        expect(soon.statusCode).toBe(429);
        const wait = Number(soon.headers['retry-after']);
        expect(wait).toBeGreaterThanOrEqual(1);
        expect(wait).toBeLessThanOrEqual(30);
        expect(soon.json().detail).toMatch(/Please wait \d+ seconds/);
        await movePast(phone, 31);
        expect((await ask(phone, newAddress(), second)).statusCode).toBe(202);
      }
      // Behind nginx either process may have sent them.
      await expect.poll(async () => (await outboxSms(dataDir)).filter((m) => m.to === member.phone).length).toBe(2);
    });

    it('takes exactly one of many requests for one number that arrive at once on both processes', async () => {
      const member = await memberWithPhone();
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => ask(member.phone, newAddress(), i % 2 ? second : ctx.app)));
      expect(results.map((r) => r.statusCode).sort()).toEqual([202, 429, 429, 429, 429, 429, 429, 429]);
      await smsSettled(ctx.app);
      await smsSettled(second);
      expect(await smsRowsTo(member.phone)).toHaveLength(1);
    });

    it('takes five requests per number an hour, counted across processes, a stranger\'s number alike', async () => {
      for (const phone of [(await memberWithPhone()).phone, newPhone()]) {
        for (let i = 0; i < 5; i++) {
          expect((await ask(phone, newAddress(), i % 2 ? second : ctx.app)).statusCode).toBe(202);
          await movePast(phone, 31);
        }
        const sixth = await ask(phone, newAddress(), second);
        expect(sixth.statusCode).toBe(429);
        expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(30);
      }
    });

    it('takes twenty requests per address an hour across processes; another address is not held back', async () => {
      const address = newAddress();
      for (let i = 0; i < 20; i++) expect((await ask(newPhone(), address, i % 2 ? second : ctx.app)).statusCode).toBe(202);
      const over = await ask(newPhone(), address);
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect((await ask(newPhone(), newAddress())).statusCode).toBe(202);
    });
  });

  it('documents both routes in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(Object.keys(doc.paths['/auth/otp/request'].post.responses)).toEqual(expect.arrayContaining(['202', '400', '429']));
    expect(Object.keys(doc.paths['/auth/otp/verify'].post.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
    expect(doc.paths['/auth/otp/request'].post.requestBody.content['application/json'].schema.properties.phone.type).toBe('string');
  });
});
