import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escalations, notifications } from '../../db/tables/escalations.table';
import { orders } from '../../db/tables/orders.table';
import { settings } from '../../db/tables/settings.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';
import type { TestMember } from '../../test/factories';

describe.each(TEST_DB_KINDS)('escalations on %s', (kind) => {
  let ctx: TestContext;
  let admin: TestMember;
  let quietAdmin: TestMember;
  let vendorA: TestMember;
  let vendorB: TestMember;
  let storeA: TestMember;
  let storeB: TestMember;
  let driver: TestMember;
  let orderA: number;
  let orderB: number;

  const post = (who: TestMember, payload: object) => ctx.app.inject({ method: 'POST', url: '/escalations/', headers: who.headers, payload });
  const get = (url: string, who: TestMember) => ctx.app.inject({ method: 'GET', url, headers: who.headers });
  const ids = (body: Array<{ id: number }>) => body.map((e) => e.id);
  const notificationsOf = (memberId: number) => ctx.db.select().from(notifications).where(eq(notifications.memberId, memberId));

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    admin = await ctx.factories.createMember('admin');
    quietAdmin = await ctx.factories.createMember('admin');
    await ctx.db.insert(settings).values({ key: `notification:${quietAdmin.id}`, value: { email_order_updates: true, email_escalations: true, in_app: false } });
    vendorA = await ctx.factories.createMember('vendor');
    vendorB = await ctx.factories.createMember('vendor');
    storeA = await ctx.factories.createMember('store', { vendorId: vendorA.vendorId });
    storeB = await ctx.factories.createMember('store', { vendorId: vendorB.vendorId });
    driver = await ctx.factories.createMember('driver');
    const [a] = await ctx.db.insert(orders).values({ storeId: storeA.storeId!, vendorId: vendorA.vendorId!, cityId: storeA.cityId! }).returning({ id: orders.id });
    const [b] = await ctx.db.insert(orders).values({ storeId: storeB.storeId!, vendorId: vendorB.vendorId!, cityId: storeB.cityId! }).returning({ id: orders.id });
    orderA = a!.id;
    orderB = b!.id;
  });
  afterAll(async () => ctx?.close());

  it('lets a store raise an issue about its order, and notifies every admin who wants it', async () => {
    const res = await post(storeA, { subject: '  Wrong weight ', description: 'The copper was 12 kg, not 10.', order_id: orderA });
    expect(res.statusCode).toBe(201);
    const escalation = res.json();
    expect(escalation).toMatchObject({
      subject: 'Wrong weight',
      status: 'open',
      resolution: null,
      order_id: orderA,
      order_number: `#${String(orderA).padStart(8, '0')}`,
      raised_by: 'store',
      store: { id: storeA.storeId },
      vendor: { id: vendorA.vendorId },
      created_by: { id: storeA.id, role: 'store' },
      resolved_at: null,
    });
    const adminNotes = await notificationsOf(admin.id);
    expect(adminNotes).toHaveLength(1);
    expect(adminNotes[0]).toMatchObject({ link: `/Admin/Escalations/IssueDetail?id=${escalation.id}`, readAt: null });
    expect(adminNotes[0]!.title).toContain('Wrong weight');
    expect(await notificationsOf(quietAdmin.id)).toHaveLength(0);
  });

  it('refuses an order the caller cannot see (400 naming order_id), creating nothing and notifying nobody', async () => {
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(escalations);
    const notesBefore = (await notificationsOf(admin.id)).length;
    const res = await post(storeA, { subject: 'x', description: 'y', order_id: orderB });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['order_id']);
    const byVendor = await post(vendorA, { subject: 'x', description: 'y', order_id: orderB });
    expect(Object.keys(byVendor.json().errors)).toEqual(['order_id']);
    const missing = await post(storeA, { subject: 'x', description: 'y', order_id: 99_999_999 });
    expect(Object.keys(missing.json().errors)).toEqual(['order_id']);
    const blank = await post(storeA, { subject: ' ', description: 'y' });
    expect(Object.keys(blank.json().errors)).toEqual(['subject']);
    const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(escalations);
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(await notificationsOf(admin.id)).toHaveLength(notesBefore);
  });

  it('lets a vendor raise an issue about one of its stores\' orders, and refuses admins and drivers', async () => {
    const res = await post(vendorA, { subject: 'Late pickup', description: 'Nobody came.', order_id: orderA });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ raised_by: 'vendor', store: null, vendor: { id: vendorA.vendorId }, created_by: { id: vendorA.id } });
    expect((await post(admin, { subject: 'x', description: 'y' })).statusCode).toBe(403);
    expect((await post(driver, { subject: 'x', description: 'y' })).statusCode).toBe(403);
  });

  it('scopes lists: a store its own, a vendor its own and its stores\', an admin all', async () => {
    const fromB = (await post(storeB, { subject: 'Store B issue', description: 'Scale broken' })).json();
    const all = await get('/escalations', admin);
    expect(all.headers['x-total-count']).toBe('3');
    const storeAList = ids((await get('/escalations', storeA)).json());
    expect(storeAList).toHaveLength(1);
    const vendorAList = await get('/escalations', vendorA);
    expect(vendorAList.json()).toHaveLength(2);
    expect(ids(vendorAList.json())).not.toContain(fromB.id);
    expect(ids((await get('/escalations', storeB)).json())).toEqual([fromB.id]);
    expect((await get(`/escalations/${fromB.id}`, storeA)).statusCode).toBe(404);
    expect((await get(`/escalations/${fromB.id}`, vendorA)).statusCode).toBe(404);
    expect((await get(`/escalations/${fromB.id}/`, vendorB)).statusCode).toBe(200);
    expect((await get('/escalations', driver)).statusCode).toBe(403);
  });

  it('filters by status, store, vendor, order and search', async () => {
    expect((await get(`/escalations?vendor_id=${vendorA.vendorId}`, admin)).json()).toHaveLength(2);
    expect((await get(`/escalations?store_id=${storeA.storeId}`, admin)).json()).toHaveLength(1);
    expect((await get(`/escalations?order_id=${orderA}`, admin)).json()).toHaveLength(2);
    expect((await get('/escalations?search=scale', admin)).json().map((e: { subject: string }) => e.subject)).toEqual(['Store B issue']);
    expect((await get(`/escalations?search=%23${String(orderA).padStart(8, '0')}`, admin)).json()).toHaveLength(2);
    expect((await get('/escalations?status=resolved', admin)).json()).toEqual([]);
    expect((await get('/escalations?status=closed', admin)).statusCode).toBe(400);
  });

  it('pages with a cursor', async () => {
    const first = await get('/escalations?limit=2', admin);
    expect(first.json()).toHaveLength(2);
    const next = new URL(/<([^>]+)>/.exec(String(first.headers.link))![1]!);
    const second = await get(`${next.pathname}${next.search}`, admin);
    expect(second.json()).toHaveLength(1);
    expect(second.headers.link).toBeUndefined();
  });

  describe('resolving', () => {
    let issueId: number;
    beforeAll(async () => {
      issueId = (await post(storeA, { subject: 'Missing payment', description: 'Order not credited' })).json().id;
    });

    it('is for admins only', async () => {
      const res = await ctx.app.inject({ method: 'PATCH', url: `/escalations/${issueId}/`, headers: storeA.headers, payload: { status: 'resolved', resolution: 'Done' } });
      expect(res.statusCode).toBe(403);
    });

    it('needs a resolution, and changes nothing without one', async () => {
      const res = await ctx.app.inject({ method: 'PATCH', url: `/escalations/${issueId}`, headers: admin.headers, payload: { status: 'resolved' } });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['resolution']);
      const [row] = await ctx.db.select().from(escalations).where(eq(escalations.id, issueId));
      expect(row!.status).toBe('open');
    });

    it('moves through in_progress to resolved and notifies the creator once', async () => {
      const progress = await ctx.app.inject({ method: 'PATCH', url: `/escalations/${issueId}`, headers: admin.headers, payload: { status: 'in_progress' } });
      expect(progress.json()).toMatchObject({ status: 'in_progress', resolved_at: null });
      expect(await notificationsOf(storeA.id)).toHaveLength(0);

      const resolved = await ctx.app.inject({ method: 'PATCH', url: `/escalations/${issueId}`, headers: admin.headers, payload: { status: 'resolved', resolution: 'Credited today' } });
      expect(resolved.statusCode).toBe(200);
      expect(resolved.json()).toMatchObject({ status: 'resolved', resolution: 'Credited today' });
      expect(Date.parse(resolved.json().resolved_at)).not.toBeNaN();

      const again = await ctx.app.inject({ method: 'PATCH', url: `/escalations/${issueId}`, headers: admin.headers, payload: { resolution: 'Credited today, ref 42' } });
      expect(again.json().resolved_at).toBe(resolved.json().resolved_at);

      const notes = await notificationsOf(storeA.id);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ body: 'Credited today', link: `/Store/Escalations/store?id=${issueId}` });

      const reopened = await ctx.app.inject({ method: 'PATCH', url: `/escalations/${issueId}`, headers: admin.headers, payload: { status: 'open' } });
      expect(reopened.json()).toMatchObject({ status: 'open', resolved_at: null });
    });

    it('answers an unknown escalation 404', async () => {
      const res = await ctx.app.inject({ method: 'PATCH', url: '/escalations/999999', headers: admin.headers, payload: { status: 'open' } });
      expect(res.statusCode).toBe(404);
    });
  });
});
