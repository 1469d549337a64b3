import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { escalations, notifications } from '../../db/tables/escalations.table';
import { mailQueue } from '../../db/tables/live.table';
import { members } from '../../db/tables/members.table';
import { orderEvents, orders } from '../../db/tables/orders.table';
import { type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';
import { startSecondProcess } from '../../test/second-process';
import { orderInStatus, putOrderSettings, type World, type OrdersApi, useOrdersWorld } from './orders-test-kit';
import { runSchedulerTick } from '../../scheduler/scheduler';

// design.md section 12: scheduled work inside the API processes, each piece done once.

describe.each(TEST_DB_KINDS)('the scheduler on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let api: OrdersApi;
  useOrdersWorld(kind, (made) => ({ ctx, world, api } = made));

  /** Time passes: the order was made (and its status last changed) `hours` ago. */
  async function backdate(orderId: number, hours: number) {
    const shift = sql`make_interval(secs => ${hours * 3600})`;
    await ctx.db.update(orders).set({ createdAt: sql`${orders.createdAt} - ${shift}` }).where(eq(orders.id, orderId));
    await ctx.db.update(orderEvents).set({ createdAt: sql`${orderEvents.createdAt} - ${shift}` }).where(eq(orderEvents.orderId, orderId));
  }
  const escalationsOf = (orderId: number) => ctx.db.select().from(escalations).where(eq(escalations.orderId, orderId));

  it('cancels a pending order older than auto_cancel_after_hours, with no actor and the reason word for word', async () => {
    await putOrderSettings(ctx, world.admin, { auto_cancel_after_hours: 2 });
    const stale = await orderInStatus(ctx, world, 'pending');
    const fresh = await orderInStatus(ctx, world, 'pending');
    const taken = await orderInStatus(ctx, world, 'accepted');
    await backdate(stale, 3);
    await backdate(taken, 3);
    await backdate(fresh, 1);
    const tick = await runSchedulerTick(ctx.app);
    expect(tick.cancelled).toBe(1);
    const detail = (await api.get(world.admin, stale)).json();
    expect(detail.status).toBe('cancelled');
    expect(detail.events.at(-1)).toMatchObject({ action: 'cancel', from_status: 'pending', to_status: 'cancelled', actor: null, reason: 'Cancelled automatically: no driver accepted it in 2 hours' });
    expect((await api.get(world.admin, fresh)).json().status).toBe('pending');
    expect((await api.get(world.admin, taken)).json().status).toBe('accepted');
    // The store hears of it.
    const storeNotes = await ctx.db.select().from(notifications).where(eq(notifications.memberId, world.store.id));
    expect(storeNotes.some((n) => n.title.includes(`#${String(stale).padStart(8, '0')}`) && n.link === `/Store/Orders?id=${stale}`)).toBe(true);
    // A second tick finds nothing more to do.
    expect((await runSchedulerTick(ctx.app)).cancelled).toBe(0);

    await putOrderSettings(ctx, world.admin, { auto_cancel_after_hours: 0 });
    const never = await orderInStatus(ctx, world, 'pending');
    await backdate(never, 1000);
    expect((await runSchedulerTick(ctx.app)).cancelled).toBe(0);
    await putOrderSettings(ctx, world.admin, {});
    await api.act(world.admin, 'cancel', never);
  });

  it('tells the store\'s members why, each in its language, while the event keeps the English reason', async () => {
    // A second member of the same store who never chose a language reads English.
    const [staff] = await ctx.db
      .insert(members)
      .values({ loginId: `staff-${Date.now()}@test.kabadi.in`, name: 'Staff', role: 'store', isVerified: true, approvalStatus: 'approved', storeId: world.store.storeId })
      .returning({ id: members.id, loginId: members.loginId });
    const preferences = async (language: string) => {
      const me = (await ctx.app.inject({ method: 'GET', url: '/settings/notification/me', headers: world.store.headers })).json().value;
      const put = await ctx.app.inject({ method: 'PUT', url: '/settings/notification/me', headers: world.store.headers, payload: { ...me, language } });
      expect(put.statusCode, put.body).toBe(200);
    };
    await preferences('hi');
    await putOrderSettings(ctx, world.admin, { auto_cancel_after_hours: 24 });
    try {
      const id = await orderInStatus(ctx, world, 'pending');
      await backdate(id, 25);
      await runSchedulerTick(ctx.app);
      const n = `#${String(id).padStart(8, '0')}`;
      const detail = (await api.get(world.admin, id)).json();
      expect(detail.events.at(-1)).toMatchObject({ actor: null, reason: 'Cancelled automatically: no driver accepted it in 24 hours' });

      const hindi = { title: `ऑर्डर ${n} रद्द हुआ`, body: `ऑर्डर ${n} अपने आप रद्द हो गया: 24 घंटे में किसी ड्राइवर ने इसे स्वीकार नहीं किया।` };
      const notesOf = async (memberId: number) => (await ctx.db.select().from(notifications).where(eq(notifications.memberId, memberId))).filter((x) => x.title.includes(n));
      expect(await notesOf(world.store.id)).toEqual([expect.objectContaining(hindi)]);
      const [hindiMail] = (await ctx.db.select().from(mailQueue).where(eq(mailQueue.toAddress, world.store.loginId))).filter((m) => m.subject.includes(n));
      expect(hindiMail).toMatchObject({ subject: hindi.title });
      expect(hindiMail!.body).toContain(hindi.body);
      expect(hindiMail!.body).not.toContain('Cancelled automatically');

      expect(await notesOf(staff!.id)).toEqual([
        expect.objectContaining({ title: `Order ${n} was cancelled`, body: `Order ${n} was cancelled: Cancelled automatically: no driver accepted it in 24 hours` }),
      ]);
      const [englishMail] = (await ctx.db.select().from(mailQueue).where(eq(mailQueue.toAddress, staff!.loginId))).filter((m) => m.subject.includes(n));
      expect(englishMail!.body).toContain('no driver accepted it in 24 hours');
    } finally {
      await preferences('en');
      await putOrderSettings(ctx, world.admin, {});
    }
  });

  it('escalates an order standing escalate_after_hours in waiting_store, once per stay, and tells the admins', async () => {
    const id = await orderInStatus(ctx, world, 'waiting_store');
    await backdate(id, 3);
    expect((await runSchedulerTick(ctx.app)).escalated).toBe(0);
    await backdate(id, 2);
    const adminNotesBefore = (await ctx.db.select().from(notifications).where(eq(notifications.memberId, world.admin.id))).length;
    expect((await runSchedulerTick(ctx.app)).escalated).toBe(1);
    expect((await runSchedulerTick(ctx.app)).escalated).toBe(0);
    const [escalation] = await escalationsOf(id);
    expect(escalation).toMatchObject({ orderId: id, storeId: world.store.storeId, createdBy: null, status: 'open' });
    const adminNotes = await ctx.db.select().from(notifications).where(eq(notifications.memberId, world.admin.id));
    expect(adminNotes.length).toBe(adminNotesBefore + 1);
    expect(adminNotes.at(-1)).toMatchObject({ link: `/Admin/Orders/OrderDetail?id=${id}` });
    // It shows in the admin's Escalations list.
    const list = (await ctx.app.inject({ method: 'GET', url: `/escalations?order_id=${id}`, headers: world.admin.headers })).json() as Array<{ id: number }>;
    expect(list.map((e) => e.id)).toEqual([escalation!.id]);

    // A new stay (the store calls the admin) can escalate again, once.
    expect((await api.act(world.store, 'waiting_admin', id)).statusCode).toBe(200);
    await backdate(id, 5);
    expect((await runSchedulerTick(ctx.app)).escalated).toBe(1);
    expect(await escalationsOf(id)).toHaveLength(2);
  });

  it('opens an escalation as soon as a driver reports an issue, and not a second one for that stay', async () => {
    const id = await orderInStatus(ctx, world, 'issue');
    const [escalation] = await escalationsOf(id);
    expect(escalation).toMatchObject({ orderId: id, storeId: world.store.storeId, createdBy: world.driver.id, description: 'Store closed' });
    const counts = (await ctx.app.inject({ method: 'GET', url: `/escalations?status=open`, headers: world.admin.headers })).json() as Array<{ id: number }>;
    expect(counts.map((e) => e.id)).toContain(escalation!.id);
    await backdate(id, 10);
    await runSchedulerTick(ctx.app);
    expect(await escalationsOf(id)).toHaveLength(1);
  });

  it('sends queued mail and retries with backoff when the mail server fails, never failing the action', async () => {
    await ctx.db.delete(mailQueue);
    const id = await orderInStatus(ctx, world, 'waiting_store');
    // The store's "weighed" mail was queued by the transition itself.
    const queued = await ctx.db.select().from(mailQueue).where(eq(mailQueue.toAddress, world.store.loginId));
    expect(queued.length).toBeGreaterThan(0);
    expect(queued[0]!.subject).toContain(`#${String(id).padStart(8, '0')}`);

    const realMailer = ctx.app.mailer;
    const failing = { send: async () => Promise.reject(new Error('connection refused')), close: async () => undefined };
    (ctx.app as unknown as { mailer: unknown }).mailer = failing;
    try {
      const failed = await runSchedulerTick(ctx.app);
      expect(failed.mailsFailed).toBeGreaterThan(0);
      const [retry] = await ctx.db.select().from(mailQueue).where(eq(mailQueue.id, queued[0]!.id));
      expect(retry).toMatchObject({ attempts: 1, sentAt: null, lastError: 'connection refused' });
      expect(retry!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    } finally {
      (ctx.app as unknown as { mailer: unknown }).mailer = realMailer;
    }
    const sent: string[] = [];
    (ctx.app as unknown as { mailer: unknown }).mailer = { send: async (m: { to: string; text: string }) => void sent.push(`${m.to}\n${m.text}`), close: async () => undefined };
    try {
      // Not yet due: nothing is sent before its backoff ends.
      expect((await runSchedulerTick(ctx.app)).mailsSent).toBe(0);
      const later = await runSchedulerTick(ctx.app, new Date(Date.now() + 2 * 60_000));
      expect(later.mailsSent).toBeGreaterThan(0);
      const mail = sent.find((m) => m.startsWith(world.store.loginId));
      expect(mail).toContain(`/Store/Orders?id=${id}`);
      expect(mail).toMatch(/^http:\/\/localhost:\d+\/Store\/Orders\?id=/m);
    } finally {
      (ctx.app as unknown as { mailer: unknown }).mailer = realMailer;
    }
  });

  it.runIf(kind === 'postgres')('lets either the auto-cancel or a driver accepting at the same moment win, never both', async () => {
    await putOrderSettings(ctx, world.admin, { auto_cancel_after_hours: 1 });
    try {
      await runSchedulerTick(ctx.app);
      const ids = await Promise.all(Array.from({ length: 8 }, () => orderInStatus(ctx, world, 'pending')));
      for (const id of ids) await backdate(id, 2);
      const [tick, ...accepts] = await Promise.all([runSchedulerTick(ctx.app), ...ids.map((id) => api.act(world.driver, 'accepted', id))]);
      const won = accepts.filter((r) => r.statusCode === 200).length;
      expect(accepts.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
      expect(won + tick!.cancelled).toBe(ids.length);
      for (const id of ids) {
        const detail = (await api.get(world.admin, id)).json();
        expect(['accepted', 'cancelled']).toContain(detail.status);
        expect(detail.events.filter((e: { action: string }) => e.action === 'accepted' || e.action === 'cancel')).toHaveLength(1);
      }
    } finally {
      await putOrderSettings(ctx, world.admin, {});
    }
  });

  it.runIf(kind === 'postgres')('with two API processes, cancels and escalates each stale order exactly once', async () => {
    await putOrderSettings(ctx, world.admin, { auto_cancel_after_hours: 1, escalate_after_hours: 1 });
    // Whatever earlier tests left standing is handled first, so the count below is this test's.
    await runSchedulerTick(ctx.app);
    const second = await startSecondProcess(ctx);
    try {
      const pending = await Promise.all(Array.from({ length: 12 }, () => orderInStatus(ctx, world, 'pending')));
      const waiting = [];
      for (let i = 0; i < 4; i++) waiting.push(await orderInStatus(ctx, world, 'waiting_admin'));
      for (const id of [...pending, ...waiting]) await backdate(id, 2);
      const ticks = await Promise.all([runSchedulerTick(ctx.app), runSchedulerTick(second.app), runSchedulerTick(ctx.app), runSchedulerTick(second.app)]);
      expect(ticks.reduce((n, t) => n + t.cancelled, 0)).toBe(12);
      expect(ticks.reduce((n, t) => n + t.escalated, 0)).toBe(4);
      const cancelEvents = await ctx.db
        .select()
        .from(orderEvents)
        .where(and(inArray(orderEvents.orderId, pending), eq(orderEvents.action, 'cancel')));
      expect(cancelEvents).toHaveLength(12);
      for (const id of waiting) expect(await escalationsOf(id)).toHaveLength(1);
    } finally {
      await second.close();
      await putOrderSettings(ctx, world.admin, {});
    }
  });
});
