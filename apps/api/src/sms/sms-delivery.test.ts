import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue } from '../db/tables/live.table';
import { settings } from '../db/tables/settings.table';
import { codeOf, givePhone } from '../test/phones';
import { createTestApp, directUrl, type TestContext } from '../test/test-app';
import { TEST_DB_KINDS } from '../test/test-database';
import { queueSms } from './sms-queue';
import { closeSms, kickSms, sendDueSmsOf, smsSettled } from './sms-runner';
import { createSnsSmsSender } from './sns-sms-sender';
import { startTestSns, type TestSns } from './sns-test-server';
import { parseSmsUrl } from './sms-url';

// SMS through AWS SNS (design.md section 20): the real @aws-sdk/client-sns against a local
// stand-in that reads each Publish as SNS would, and the SMS rows of the mail queue.

const DLT = { SMS_DLT_ENTITY_ID: '1101234567890123456', SMS_DLT_TEMPLATE_OTP: '1107000000000000001', SMS_DLT_TEMPLATE_OTP_HI: '1107000000000000002', SMS_SENDER_ID: 'KABADI' };
const METRICS_TOKEN = 'metrics-token-for-sms-tests-0123456789';

describe('the SNS sender', () => {
  let sns: TestSns;
  beforeAll(async () => {
    sns = await startTestSns();
  });
  afterAll(async () => sns?.close());

  it('publishes to the number with the DLT and Transactional attributes SNS documents, signed for the region', async () => {
    const sender = createSnsSmsSender(parseSmsUrl(sns.smsUrl), { entityId: DLT.SMS_DLT_ENTITY_ID, senderId: 'KABADI' });
    await sender.send({ to: '+919812345678', text: 'कोड 123456\n\n@orders.example.in #123456', templateId: DLT.SMS_DLT_TEMPLATE_OTP });
    await sender.close();
    expect(sns.refused).toEqual([]);
    expect(sns.received.at(-1)).toEqual({
      phoneNumber: '+919812345678',
      message: 'कोड 123456\n\n@orders.example.in #123456',
      attributes: {
        'AWS.SNS.SMS.SMSType': { dataType: 'String', stringValue: 'Transactional' },
        'AWS.MM.SMS.EntityId': { dataType: 'String', stringValue: DLT.SMS_DLT_ENTITY_ID },
        'AWS.MM.SMS.TemplateId': { dataType: 'String', stringValue: DLT.SMS_DLT_TEMPLATE_OTP },
        'AWS.SNS.SMS.SenderID': { dataType: 'String', stringValue: 'KABADI' },
      },
      signedFor: 'ap-south-1',
    });
  });

  it('sends no DLT attribute it was not given, and rejects what SNS refuses', async () => {
    const sender = createSnsSmsSender(parseSmsUrl(sns.smsUrl), {});
    await sender.send({ to: '+919812345670', text: 'hello' });
    expect(Object.keys(sns.received.at(-1)!.attributes)).toEqual(['AWS.SNS.SMS.SMSType']);
    sns.failNext(1);
    await expect(sender.send({ to: '+919812345670', text: 'hello' })).rejects.toThrow(/Rate exceeded/);
    await sender.close();
  });
});

describe.each(TEST_DB_KINDS)('sign-in codes through SNS, on the queue, on %s', (kind) => {
  let ctx: TestContext;
  let sns: TestSns;
  let metricsUrl: string;
  beforeAll(async () => {
    sns = await startTestSns();
    ctx = await createTestApp(kind, { config: { SMS_URL: sns.smsUrl, ...DLT, METRICS_TOKEN, WEB_ORIGIN: 'https://orders.example.in' } });
    metricsUrl = `${await directUrl(ctx)}/metrics`;
  });
  afterAll(async () => {
    await ctx?.close();
    await sns?.close();
  });

  const ask = (phone: string) => ctx.app.inject({ method: 'POST', url: '/auth/otp/request', payload: { phone } });
  const memberWithPhone = async () => {
    const member = await ctx.factories.createMember('store');
    return { ...member, phone: await givePhone(ctx.db, member.id) };
  };
  const rowsTo = (phone: string) => ctx.db.select().from(mailQueue).where(eq(mailQueue.toAddress, phone));

  it('publishes the code with the OTP template; the code signs in; the row is sent and forgets the text', async () => {
    const member = await memberWithPhone();
    expect((await ask(member.phone)).statusCode).toBe(202);
    const publish = await sns.waitFor(member.phone);
    expect(publish.message).toMatch(/^Your Kabadi sign-in code is (\d{6})\. It expires in 5 minutes\.\n\n@orders\.example\.in #\1$/);
    expect(publish.attributes['AWS.MM.SMS.TemplateId']?.stringValue).toBe(DLT.SMS_DLT_TEMPLATE_OTP);
    expect(publish.attributes['AWS.MM.SMS.EntityId']?.stringValue).toBe(DLT.SMS_DLT_ENTITY_ID);
    expect(publish.attributes['AWS.SNS.SMS.SMSType']?.stringValue).toBe('Transactional');
    const signedIn = await ctx.app.inject({ method: 'POST', url: '/auth/otp/verify', payload: { phone: member.phone, code: codeOf(publish.message) } });
    expect(signedIn.statusCode).toBe(200);
    await expect.poll(async () => (await rowsTo(member.phone)).map((r) => ({ channel: r.channel, subject: r.subject, body: r.body, sent: r.sentAt !== null }))).toEqual([
      { channel: 'sms', subject: 'otp', body: '', sent: true },
    ]);
    expect(sns.refused).toEqual([]);
  });

  it('texts a Hindi reader with the Hindi template', async () => {
    const member = await memberWithPhone();
    await ctx.db.insert(settings).values({ key: `notification:${member.id}`, value: { in_app: true, email_order_updates: true, email_escalations: true, language: 'hi' } });
    expect((await ask(member.phone)).statusCode).toBe(202);
    const publish = await sns.waitFor(member.phone);
    expect(publish.message).toMatch(/^आपका Kabadi साइन-इन कोड \d{6} है।/);
    expect(publish.attributes['AWS.MM.SMS.TemplateId']?.stringValue).toBe(DLT.SMS_DLT_TEMPLATE_OTP_HI);
  });

  it('retries a Publish SNS refused, with backoff, and never fails the request; counts per channel', async () => {
    const member = await memberWithPhone();
    sns.failNext(1);
    expect((await ask(member.phone)).statusCode).toBe(202);
    // Behind nginx either process may have tried it.
    await expect.poll(async () => (await rowsTo(member.phone))[0]?.attempts).toBe(1);
    const [failed] = await rowsTo(member.phone);
    expect(failed).toMatchObject({ attempts: 1, lastError: 'Rate exceeded', sentAt: null, failedAt: null });
    expect(failed!.body).toMatch(/sign-in code/);
    // Not due before its backoff (15 s); due after it.
    expect((await sendDueSmsOf(ctx.app, new Date(Date.now() + 5_000))).sent).toBe(0);
    expect((await sendDueSmsOf(ctx.app, new Date(Date.now() + 20_000))).sent).toBe(1);
    await sns.waitFor(member.phone);
    expect(await rowsTo(member.phone)).toMatchObject([{ attempts: 2, lastError: null, body: '' }]);
    const metrics = await (await fetch(metricsUrl, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    // Metrics are per process: this one sent the retry (behind nginx the failure may be the other's).
    expect(metrics).toMatch(/kabadi_deliveries_total\{channel="sms",outcome="sent"\} [1-9]/);
    expect(metrics).toMatch(/kabadi_queue_depth\{queue="sms"\} \d/);
    expect(metrics).toMatch(/kabadi_queue_depth\{queue="mail"\} \d/);
  });

  it('sends a second SMS to a number as soon as the first has left, not at the scheduler\'s next round', async () => {
    const phone = '+919812300002';
    const messagesTo = () => sns.received.filter((p) => p.phoneNumber === phone).map((p) => p.message);
    const release = sns.holdNext();
    await queueSms(ctx.db, [{ to: phone, kind: 'otp', text: 'First' }]);
    kickSms(ctx.app);
    await sns.waitFor(phone);
    // One SMS in flight per number: the second waits in the queue while the first is unanswered;
    // a round now (what a kick runs) starts nothing.
    await queueSms(ctx.db, [{ to: phone, kind: 'otp', text: 'Second' }]);
    expect(await sendDueSmsOf(ctx.app, new Date(), 0)).toMatchObject({ started: 0 });
    expect(messagesTo()).toEqual(['First']);
    release();
    // No scheduler runs in these tests: only the kick's own follow-up can send it.
    await expect.poll(messagesTo, { timeout: 10_000 }).toEqual(['First', 'Second']);
    await expect.poll(async () => (await rowsTo(phone)).map((r) => r.sentAt !== null)).toEqual([true, true]);
  });

  it("sends what is due by the database's clock, when the process's clock is behind it or a round starts in the row's own millisecond", async () => {
    const phone = '+919812300004';
    await queueSms(ctx.db, [{ to: phone, kind: 'otp', text: 'Due now' }]);
    // The row's time is the database's; this round's is a minute earlier.
    expect(await sendDueSmsOf(ctx.app, new Date(Date.now() - 60_000))).toEqual({ sent: 1, failed: 0, started: 1 });
    expect(sns.received.filter((p) => p.phoneNumber === phone).map((p) => p.message)).toEqual(['Due now']);
  });

  it('starts no round once the app is closing: the SMS waits in the queue for another process or the next start', async () => {
    const closing = await createTestApp(kind, { config: { SMS_URL: sns.smsUrl, ...DLT } });
    try {
      await closeSms(closing.app);
      const phone = '+919812300003';
      await queueSms(closing.db, [{ to: phone, kind: 'otp', text: 'Too late' }]);
      kickSms(closing.app);
      // Whatever the kick started (nothing, unless the guard broke) has ended, its SMS answered.
      await smsSettled(closing.app);
      expect(sns.received.filter((p) => p.phoneNumber === phone)).toEqual([]);
      expect(await closing.db.select().from(mailQueue).where(eq(mailQueue.toAddress, phone))).toMatchObject([{ sentAt: null, attempts: 0 }]);
    } finally {
      await closing.close();
    }
  });

  it('gives up, unsent and forgotten, an SMS whose code expired before it could leave', async () => {
    const phone = '+919812300001';
    await queueSms(ctx.db, [{ to: phone, kind: 'otp', text: 'Your Kabadi sign-in code is 111111.', expiresAt: new Date(Date.now() + 60_000) }]);
    const round = await sendDueSmsOf(ctx.app, new Date(Date.now() + 120_000));
    expect(round).toEqual({ sent: 0, failed: 0, started: 0 });
    expect(await rowsTo(phone)).toMatchObject([{ sentAt: null, lastError: 'expired before it could be sent', body: '' }]);
    expect((await rowsTo(phone))[0]!.failedAt).not.toBeNull();
    expect(sns.received.filter((p) => p.phoneNumber === phone)).toEqual([]);
  });

  it('keeps mail on its own channel: an SMS round sends no mail, and a mail round no SMS', async () => {
    await ctx.db.insert(mailQueue).values({ toAddress: 'someone@example.in', subject: 'Hello', body: 'Mail' });
    await sendDueSmsOf(ctx.app);
    const [mail] = await ctx.db.select().from(mailQueue).where(eq(mailQueue.toAddress, 'someone@example.in'));
    expect(mail).toMatchObject({ channel: 'mail', sentAt: null, attempts: 0, body: 'Mail' });
  });
});
