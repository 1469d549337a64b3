import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatOrderNumber } from '@app/shared/format';
import { mailQueue } from '../db/tables/live.table';
import { textsFor } from '../mail/templates/mail-texts';
import { createWorld, orderInStatus, ordersApi, type World } from '../features/orders/orders-test-kit';
import { givePhone } from '../test/phones';
import { createTestApp, directUrl, type TestContext } from '../test/test-app';
import { TEST_DB_KINDS } from '../test/test-database';
import type { TestMember } from '../test/factories';
import { sendDueWhatsAppOf } from './whatsapp-runner';
import { startTestWhatsAppServer, type TestWhatsAppServer } from './whatsapp-test-server';

// Order updates on WhatsApp (design.md section 20): approved template messages through the
// Cloud API, checked at a local stand-in, only to members who opted in and have a phone,
// riding the one queue's rules (backoff, never failing or holding up the order step).

const TOKEN = 'EAAG-test-system-user-token';
const PHONE_NUMBER_ID = '106540352242922';
const METRICS_TOKEN = 'metrics-token-for-whatsapp-tests-0123';
const WEB = 'https://orders.example.in';

const digitsOf = (phone: string) => phone.replace(/^\+/, '');

describe.each(TEST_DB_KINDS)('order updates on WhatsApp, on %s', (kind) => {
  let ctx: TestContext;
  let wa: TestWhatsAppServer;
  let world: World;
  let phone: string;
  let metricsUrl: string;

  beforeAll(async () => {
    wa = await startTestWhatsAppServer();
    ctx = await createTestApp(kind, {
      config: { WHATSAPP_TOKEN: TOKEN, WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID, WHATSAPP_API_URL: wa.apiUrl, WHATSAPP_TEMPLATES: 'order_update=kabadi_order_update', WEB_ORIGIN: WEB, METRICS_TOKEN },
    });
    world = await createWorld(ctx);
    phone = await givePhone(ctx.db, world.store.id);
    metricsUrl = `${await directUrl(ctx)}/metrics`;
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await wa?.close();
  });

  const preferences = (as: TestMember, value: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url: '/settings/notification/me', headers: as.headers, payload: { email_order_updates: true, email_escalations: true, in_app: true, ...value } });
  const rowsTo = (to: string) => ctx.db.select().from(mailQueue).where(and(eq(mailQueue.channel, 'whatsapp'), eq(mailQueue.toAddress, to))).orderBy(mailQueue.id);
  const rowOf = async (orderId: number) => (await rowsTo(phone)).filter((r) => r.body.includes(formatOrderNumber(orderId)));
  const sentTo = (to: string) => wa.received.filter((r) => (r.body as { to?: string } | null)?.to === digitsOf(to));

  it('sends nothing on WhatsApp to a member who did not opt in (the default)', async () => {
    const read = await ctx.app.inject({ method: 'GET', url: '/settings/notification/me', headers: world.store.headers });
    expect(read.json().value.whatsapp_order_updates).toBe(false);
    await orderInStatus(ctx, world, 'waiting_store');
    expect(await rowsTo(phone)).toEqual([]);
    expect(await sendDueWhatsAppOf(ctx.app)).toEqual({ sent: 0, failed: 0, started: 0 });
    expect(wa.received).toEqual([]);
  });

  it('keeps the opt-in in /settings/notification/me, and answers 400 naming it for anything but a boolean', async () => {
    for (const bad of ['yes', 1, null]) {
      const refused = await preferences(world.store, { whatsapp_order_updates: bad });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(Object.keys(refused.json().errors)).toEqual(['whatsapp_order_updates']);
    }
    const saved = await preferences(world.store, { whatsapp_order_updates: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value).toMatchObject({ whatsapp_order_updates: true, push: true, language: 'en' });
    const read = await ctx.app.inject({ method: 'GET', url: '/settings/notification/me', headers: world.store.headers });
    expect(read.json().value.whatsapp_order_updates).toBe(true);
    // Another member's choice is its own.
    const vendor = await ctx.app.inject({ method: 'GET', url: '/settings/notification/me', headers: world.vendor.headers });
    expect(vendor.json().value.whatsapp_order_updates).toBe(false);
  });

  it('sends an order update as the approved template, in the member\'s language, once it opted in', async () => {
    const id = await orderInStatus(ctx, world, 'waiting_store');
    const n = formatOrderNumber(id);
    expect((await rowOf(id)).map((r) => ({ subject: r.subject, sent: r.sentAt !== null }))).toEqual([{ subject: 'order_update', sent: false }]);
    expect(await sendDueWhatsAppOf(ctx.app)).toEqual({ sent: 1, failed: 0, started: 1 });
    const request = sentTo(phone).at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: `/v21.0/${PHONE_NUMBER_ID}/messages`, authorization: `Bearer ${TOKEN}` });
    expect(request.contentType).toMatch(/^application\/json/);
    expect(request.body).toEqual({
      messaging_product: 'whatsapp',
      to: digitsOf(phone),
      type: 'template',
      template: {
        name: 'kabadi_order_update',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: n },
              { type: 'text', text: textsFor('en').order.weighed(n).body },
              { type: 'text', text: `${WEB}/Store/Orders?id=${id}` },
            ],
          },
        ],
      },
    });
    expect(await rowOf(id)).toMatchObject([{ attempts: 1, lastError: null }]);
    expect((await rowOf(id))[0]!.sentAt).not.toBeNull();

    // In Hindi for a member who reads Hindi: the template's `hi` translation, the Hindi words.
    expect((await preferences(world.store, { whatsapp_order_updates: true, language: 'hi' })).statusCode).toBe(200);
    try {
      const next = await orderInStatus(ctx, world, 'waiting_store');
      const m = formatOrderNumber(next);
      expect(await sendDueWhatsAppOf(ctx.app)).toEqual({ sent: 1, failed: 0, started: 1 });
      const hindi = sentTo(phone).at(-1)!.body as { template: { name: string; language: { code: string }; components: Array<{ parameters: Array<{ text: string }> }> } };
      expect(hindi.template.name).toBe('kabadi_order_update');
      expect(hindi.template.language.code).toBe('hi');
      expect(hindi.template.components[0]!.parameters.map((p) => p.text)).toEqual([m, textsFor('hi').order.weighed(m).body, `${WEB}/Store/Orders?id=${next}`]);
    } finally {
      await preferences(world.store, { whatsapp_order_updates: true, language: 'en' });
    }
  });

  it('sends nothing to a member who opted in but has no phone on its account', async () => {
    expect((await preferences(world.vendor, { whatsapp_order_updates: true })).statusCode).toBe(200);
    const before = (await ctx.db.select().from(mailQueue).where(eq(mailQueue.channel, 'whatsapp'))).length;
    // The store hears its order was weighed; the store completing it credits the vendor (an
    // order update for the vendor, who has no phone), and the store is not told what it did.
    const id = await orderInStatus(ctx, world, 'completed');
    const after = await ctx.db.select().from(mailQueue).where(eq(mailQueue.channel, 'whatsapp'));
    expect(after.slice(before).map((r) => r.toAddress)).toEqual([phone]);
    expect((await rowOf(id)).map((r) => JSON.parse(r.body).parameters[1])).toEqual([textsFor('en').order.weighed(formatOrderNumber(id)).body]);
    expect((await ctx.db.select().from(mailQueue).where(eq(mailQueue.toAddress, world.vendor.loginId))).map((m) => m.subject)).toContainEqual(expect.stringContaining('credited'));
    await sendDueWhatsAppOf(ctx.app);
  });

  it('retries after a 500 with backoff; the order step is answered 200 all the same', async () => {
    wa.mode = 'fail';
    const id = await orderInStatus(ctx, world, 'waiting_store');
    const round = await sendDueWhatsAppOf(ctx.app);
    expect(round).toEqual({ sent: 0, failed: 1, started: 1 });
    const [failed] = await rowOf(id);
    expect(failed).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(failed!.lastError).toMatch(/^WhatsApp answered 500: \(#131000\) Something went wrong \(code 131000\)/);
    expect(failed!.lastError).not.toContain(TOKEN);
    // Due again 30 s later, not before.
    const waitSeconds = (failed!.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(waitSeconds).toBeGreaterThan(20);
    expect(waitSeconds).toBeLessThanOrEqual(31);
    const requests = wa.received.length;
    expect(await sendDueWhatsAppOf(ctx.app, new Date(Date.now() + 10_000))).toEqual({ sent: 0, failed: 0, started: 0 });
    expect(wa.received).toHaveLength(requests);
    wa.mode = 'accept';
    expect(await sendDueWhatsAppOf(ctx.app, new Date(Date.now() + 40_000))).toEqual({ sent: 1, failed: 0, started: 1 });
    expect(await rowOf(id)).toMatchObject([{ attempts: 2, lastError: null }]);

    const metrics = await (await fetch(metricsUrl, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(metrics).toMatch(/kabadi_deliveries_total\{channel="whatsapp",outcome="sent"\} [1-9]/);
    expect(metrics).toMatch(/kabadi_deliveries_total\{channel="whatsapp",outcome="failed"\} [1-9]/);
    expect(metrics).toMatch(/kabadi_queue_depth\{queue="whatsapp"\} \d/);
    expect(metrics).toMatch(/kabadi_queue_due\{queue="whatsapp"\} \d/);
  });

  it('never holds an order step while the Cloud API hangs; the message times out and waits for its backoff', async () => {
    wa.mode = 'hang';
    try {
      const id = await orderInStatus(ctx, world, 'waiting_store');
      const requests = wa.received.length;
      let roundOver = false;
      const round = sendDueWhatsAppOf(ctx.app, new Date(), undefined, { timeoutMs: 3_000 }).finally(() => (roundOver = true));
      await expect.poll(() => wa.received.length).toBe(requests + 1);
      // The next step of the same order, while its message hangs: answered at once, not after the hang.
      const started = performance.now();
      const step = await ordersApi(ctx).act(world.store, 'complete', id);
      expect(step.statusCode, step.body).toBe(200);
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(roundOver).toBe(false);
      expect(await round).toEqual({ sent: 0, failed: 1, started: 1 });
      const [timedOut] = await rowOf(id);
      expect(timedOut).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
      expect(timedOut!.lastError).toMatch(/timeout|aborted/i);
      expect(timedOut!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    } finally {
      wa.mode = 'accept';
    }
  });

  it('gives up at once a message to a number WhatsApp cannot reach (131026)', async () => {
    wa.mode = 'undeliverable';
    try {
      const id = await orderInStatus(ctx, world, 'waiting_store');
      expect(await sendDueWhatsAppOf(ctx.app)).toEqual({ sent: 0, failed: 1, started: 1 });
      const [row] = await rowOf(id);
      expect(row).toMatchObject({ attempts: 1, sentAt: null });
      expect(row!.failedAt).not.toBeNull();
      expect(row!.lastError).toMatch(/131026/);
    } finally {
      wa.mode = 'accept';
    }
  });
});

describe.each(TEST_DB_KINDS)('WhatsApp unconfigured, on %s', (kind) => {
  let ctx: TestContext;
  let wa: TestWhatsAppServer;

  beforeAll(async () => {
    wa = await startTestWhatsAppServer();
    // The API address alone turns nothing on: without a token and phone number id WhatsApp is off.
    ctx = await createTestApp(kind, { config: { WHATSAPP_API_URL: wa.apiUrl } });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await wa?.close();
  });

  it('queues and sends nothing, even to a member who opted in and has a phone', async () => {
    const world = await createWorld(ctx);
    const phone = await givePhone(ctx.db, world.store.id);
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/settings/notification/me',
      headers: world.store.headers,
      payload: { email_order_updates: true, email_escalations: true, in_app: true, whatsapp_order_updates: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = await orderInStatus(ctx, world, 'waiting_store');
    expect(await ctx.db.select().from(mailQueue).where(eq(mailQueue.channel, 'whatsapp'))).toEqual([]);
    // The other channels carry the update as before.
    const mails = await ctx.db.select().from(mailQueue).where(eq(mailQueue.toAddress, world.store.loginId));
    expect(mails.map((m) => m.subject)).toContain(`Order ${formatOrderNumber(id)} is weighed`);
    expect(await sendDueWhatsAppOf(ctx.app)).toEqual({ sent: 0, failed: 0, started: 0 });
    expect(wa.received).toEqual([]);
    expect(phone).toMatch(/^\+91/);
  });
});
