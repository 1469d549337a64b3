import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/tables/escalations.table';
import { mailQueue } from '../../db/tables/live.table';
import { type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import { orderInStatus, type World, type OrdersApi, useOrdersWorld } from './orders-test-kit';

// design.md section 12: who hears what about an order, in-app and by e-mail, per preference.

describe.each(TEST_DB_KINDS)('order notifications on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let api: OrdersApi;
  useOrdersWorld(kind, (made) => ({ ctx, world, api } = made));

  const notesOf = async (m: TestMember) => ctx.db.select().from(notifications).where(eq(notifications.memberId, m.id));
  const mailsTo = async (m: TestMember) => ctx.db.select().from(mailQueue).where(eq(mailQueue.toAddress, m.loginId));
  const number = (id: number) => `#${String(id).padStart(8, '0')}`;

  it('tells each role what concerns it, naming the display number and linking to its order page', async () => {
    const id = await orderInStatus(ctx, world, 'waiting_driver');
    const n = number(id);
    const about = (notes: Array<{ title: string; body: string; link: string | null }>) => notes.filter((x) => x.title.includes(n) || x.body.includes(n));

    const store = about(await notesOf(world.store));
    expect(store.map((x) => x.title)).toEqual([`Order ${n} is weighed`, `Order ${n} was corrected`]);
    expect(store.every((x) => x.link === `/Store/Orders?id=${id}`)).toBe(true);
    const admin = about(await notesOf(world.admin));
    expect(admin.map((x) => x.link)).toEqual([`/Admin/Orders/OrderDetail?id=${id}`]);
    expect(admin[0]!.title).toMatch(/called the admin/);
    const driver = about(await notesOf(world.driver));
    expect(driver).toEqual([expect.objectContaining({ title: `Order ${n} is ready to confirm`, link: `/Driver/Orders/OrderDetail?id=${id}` })]);

    expect((await api.act(world.driver, 'complete', id)).statusCode).toBe(200);
    expect(about(await notesOf(world.store)).map((x) => x.title)).toContain(`Order ${n} is completed`);
    const vendor = about(await notesOf(world.vendor));
    expect(vendor).toEqual([expect.objectContaining({ link: `/Vendor/Orders/OrderDetail?id=${id}` })]);
    expect(vendor[0]!.title).toMatch(/INR credited for order/);
    // The driver who completed it is not told what it just did; other stores hear nothing.
    expect(about(await notesOf(world.driver))).toHaveLength(1);
    expect(about(await notesOf(world.otherStore))).toEqual([]);

    // E-mails: the same texts, queued for the scheduler.
    const mails = (await mailsTo(world.store)).filter((m) => m.subject.includes(n));
    expect(mails.map((m) => m.subject)).toEqual([`Order ${n} is weighed`, `Order ${n} was corrected`, `Order ${n} is completed`]);
    expect(mails[0]!.body).toContain(`/Store/Orders?id=${id}`);
  });

  it('tells the admins when a driver reports an issue', async () => {
    const id = await orderInStatus(ctx, world, 'issue');
    const notes = (await notesOf(world.admin)).filter((x) => x.title.includes(number(id)));
    expect(notes).toEqual([expect.objectContaining({ body: expect.stringContaining('Store closed'), link: `/Admin/Orders/OrderDetail?id=${id}` })]);
  });

  it('follows each member\'s preferences: no in-app rows without in_app, no mail without email_order_updates', async () => {
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/settings/notification/me',
      headers: world.store.headers,
      payload: { in_app: false, email_order_updates: false, email_escalations: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    try {
      const [notesBefore, mailsBefore] = [(await notesOf(world.store)).length, (await mailsTo(world.store)).length];
      await orderInStatus(ctx, world, 'completed');
      expect(await notesOf(world.store)).toHaveLength(notesBefore);
      expect(await mailsTo(world.store)).toHaveLength(mailsBefore);
    } finally {
      await ctx.app.inject({ method: 'PUT', url: '/settings/notification/me', headers: world.store.headers, payload: { in_app: true, email_order_updates: true, email_escalations: true } });
    }
  });
});
