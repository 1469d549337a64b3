import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/tables/escalations.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';
import type { TestMember } from '../../test/factories';

describe.each(TEST_DB_KINDS)('notifications on %s', (kind) => {
  let ctx: TestContext;
  let alice: TestMember;
  let bob: TestMember;
  let bobNote: number;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    alice = await ctx.factories.createMember('vendor');
    bob = await ctx.factories.createMember('store');
    await ctx.db.insert(notifications).values([1, 2, 3].map((n) => ({ memberId: alice.id, title: `Note ${n}`, body: 'b' })));
    const [row] = await ctx.db.insert(notifications).values({ memberId: bob.id, title: 'Bob only', body: 'b' }).returning();
    bobNote = row!.id;
  });
  afterAll(async () => ctx?.close());

  const call = (method: 'GET' | 'PATCH' | 'POST', url: string, who: TestMember) => ctx.app.inject({ method, url, headers: who.headers });

  it('lists only the caller\'s own, newest first, with paging', async () => {
    const res = await call('GET', '/notifications?limit=2', alice);
    expect(res.json().map((n: { title: string }) => n.title)).toEqual(['Note 3', 'Note 2']);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.headers.link).toMatch(/rel="next"/);
  });

  it('marks one read, and answers another member\'s 404', async () => {
    const [first] = (await call('GET', '/notifications', alice)).json();
    const read = await call('PATCH', `/notifications/${first.id}/read`, alice);
    expect(read.statusCode).toBe(200);
    expect(read.json().read_at).not.toBeNull();
    const unread = await call('GET', '/notifications?unread=true', alice);
    expect(unread.headers['x-total-count']).toBe('2');
    expect((await call('PATCH', `/notifications/${bobNote}/read`, alice)).statusCode).toBe(404);
  });

  it('marks all read, touching nobody else\'s', async () => {
    const res = await call('POST', '/notifications/read-all', alice);
    expect(res.json()).toMatchObject({ updated: 2 });
    expect((await call('GET', '/notifications?unread=true', alice)).json()).toEqual([]);
    expect((await call('GET', '/notifications?unread=true', bob)).json()).toHaveLength(1);
  });
});
