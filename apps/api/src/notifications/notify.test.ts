import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue } from '../db/tables/live.table';
import { notifications } from '../db/tables/escalations.table';
import { createTestApp, type TestContext } from '../test/test-app';
import { TEST_DB_KINDS } from '../test/test-database';
import type { TestMember } from '../test/factories';
import { deliver, loadRecipients } from './notify';

// A driver has the bell and the notification page like the other roles (issue 17, item 7):
// the preference and notification routes answer a driver, and what a driver chose there is
// what `deliver` does for it.
describe.each(TEST_DB_KINDS)("a driver's notifications on %s", (kind) => {
  let ctx: TestContext;
  let driver: TestMember;
  let other: TestMember;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    driver = await ctx.factories.createMember('driver');
    other = await ctx.factories.createMember('driver');
  });
  afterAll(async () => ctx?.close());

  const call = (method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: driver.headers, ...(payload ? { payload } : {}) });
  const note = (n: string) => ({ title: `Order ${n} is ready to confirm`, body: `Check order ${n}.`, link: '/Driver/Orders/OrderDetail?id=42' });
  const sendToDriver = async (n: string) =>
    ctx.db.transaction(async (tx) => deliver(tx, await loadRecipients(tx, { kind: 'driver', driverId: driver.driverId! }), () => note(n), 'order_update'));
  const mailsTo = async (who: TestMember) => ctx.db.select().from(mailQueue).where(eq(mailQueue.toAddress, who.loginId));

  it('reads and replaces its own notification preferences (no 403)', async () => {
    const read = await call('GET', '/settings/notification/me');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().value).toEqual({ email_order_updates: true, email_escalations: true, in_app: true, push: true, whatsapp_order_updates: false, language: 'en' });
    const saved = await call('PUT', '/settings/notification/me', { email_order_updates: true, email_escalations: true, in_app: true, language: 'hi' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('GET', '/settings/notification/me')).json().value.language).toBe('hi');
    await call('PUT', '/settings/notification/me', { email_order_updates: true, email_escalations: true, in_app: true, language: 'en' });
  });

  it("lists, marks read and marks all read its own notifications, which open the driver's order page", async () => {
    expect(await sendToDriver('#1')).toBe(1);
    await ctx.db.insert(notifications).values({ memberId: other.id, title: 'Not yours', body: 'b' });
    const unread = await call('GET', '/notifications?unread=true');
    expect(unread.statusCode, unread.body).toBe(200);
    expect(unread.headers['x-total-count']).toBe('1');
    const [first] = unread.json();
    expect(first).toMatchObject({ title: 'Order #1 is ready to confirm', link: '/Driver/Orders/OrderDetail?id=42', read_at: null });
    expect((await call('PATCH', `/notifications/${first.id}/read`)).statusCode).toBe(200);
    await sendToDriver('#2');
    const all = await call('POST', '/notifications/read-all');
    expect(all.statusCode).toBe(200);
    expect(all.json().updated).toBe(1);
    expect((await call('GET', '/notifications?unread=true')).headers['x-total-count']).toBe('0');
    expect(await mailsTo(driver)).toHaveLength(2);
  });

  it('follows what the driver chose: no in-app row with in_app off, no mail with order e-mail off', async () => {
    const before = Number((await call('GET', '/notifications')).headers['x-total-count']);
    const mailsBefore = (await mailsTo(driver)).length;
    await call('PUT', '/settings/notification/me', { email_order_updates: false, email_escalations: true, in_app: false });
    expect(await sendToDriver('#3')).toBe(0);
    expect(Number((await call('GET', '/notifications')).headers['x-total-count'])).toBe(before);
    expect(await mailsTo(driver)).toHaveLength(mailsBefore);
    await call('PUT', '/settings/notification/me', { email_order_updates: false, email_escalations: true, in_app: true });
    expect(await sendToDriver('#4')).toBe(1);
    expect(await mailsTo(driver)).toHaveLength(mailsBefore);
  });
});
