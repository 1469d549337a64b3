import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escalations, notifications } from '../../db/tables/escalations.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';

// design.md section 15: POST /escalations/ with an Idempotency-Key raises one issue and
// notifies the admins once, however often the request is repeated.
describe.each(TEST_DB_KINDS)('Idempotency-Key on POST /escalations/ on %s', (kind) => {
  let ctx: TestContext;
  let admin: TestMember;
  let store: TestMember;
  let vendor: TestMember;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    admin = await ctx.factories.createMember('admin');
    vendor = await ctx.factories.createMember('vendor');
    store = await ctx.factories.createMember('store', { vendorId: vendor.vendorId });
  });
  afterAll(async () => ctx?.close());

  const post = (who: TestMember, key: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/escalations/', headers: { ...who.headers, 'idempotency-key': key }, payload });
  const escalationCount = async () => (await ctx.db.select({ n: count() }).from(escalations))[0]!.n;
  const adminNotes = async () => (await ctx.db.select({ n: count() }).from(notifications).where(eq(notifications.memberId, admin.id)))[0]!.n;

  it('answers a repeat with the first answer, raising one escalation and one notification', async () => {
    const key = randomUUID();
    const [before, notesBefore] = [await escalationCount(), await adminNotes()];
    const first = await post(store, key, { subject: 'Scale broken', description: 'The driver had no scale.' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(store, key, { description: 'The driver had no scale.', subject: 'Scale broken' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await escalationCount()).toBe(before + 1);
    expect(await adminNotes()).toBe(notesBefore + 1);
  });

  it('refuses the key with another body (409) and raises nothing', async () => {
    const key = randomUUID();
    expect((await post(store, key, { subject: 'Late', description: 'Two hours late.' })).statusCode).toBe(201);
    const before = await escalationCount();
    const other = await post(store, key, { subject: 'Late', description: 'Three hours late.' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ detail: 'This Idempotency-Key was used for POST /escalations with another body; use a new key for a new request' });
    expect(await escalationCount()).toBe(before);
  });

  it('keeps keys per member: a vendor using a store\'s key raises its own escalation', async () => {
    const key = randomUUID();
    const a = await post(store, key, { subject: 'Same', description: 'Same words.' });
    const b = await post(vendor, key, { subject: 'Same', description: 'Same words.' });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.json().id).not.toBe(a.json().id);
    expect(b.json().raised_by).toBe('vendor');
  });

  it('refuses an empty or over-long key with 400 naming the header, raising nothing', async () => {
    const before = await escalationCount();
    for (const key of ['', 'x'.repeat(256)]) {
      const res = await post(store, key, { subject: 'x', description: 'y' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ 'idempotency-key': ['An Idempotency-Key has 1 to 255 characters'] });
    }
    expect(await escalationCount()).toBe(before);
  });

  it('keeps a 400 of the work (an order the caller cannot see) as the answer', async () => {
    const key = randomUUID();
    const first = await post(store, key, { subject: 'x', description: 'y', order_id: 99_999_999 });
    expect(first.statusCode).toBe(400);
    const again = await post(store, key, { subject: 'x', description: 'y', order_id: 99_999_999 });
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });
});
