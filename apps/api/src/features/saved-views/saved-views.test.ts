import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_VIEWS_PER_MEMBER_MAX } from '@app/shared/schemas/saved-views';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../http/database-unavailable';
import type { TestMember } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';

describe.each(TEST_DB_KINDS)('/saved-views on %s', (kind) => {
  let ctx: TestContext;
  let admin: TestMember;
  let otherAdmin: TestMember;
  let store: TestMember;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    admin = await ctx.factories.createMember('admin');
    otherAdmin = await ctx.factories.createMember('admin');
    store = await ctx.factories.createMember('store');
  }, 60_000);
  afterAll(async () => ctx?.close());

  const save = (as: TestMember, payload: object) => ctx.app.inject({ method: 'POST', url: '/saved-views/', headers: as.headers, payload });
  const list = (as: TestMember, query = '') => ctx.app.inject({ method: 'GET', url: `/saved-views/${query}`, headers: as.headers });

  it('saves a view, lists it newest first, and opens it as the list\'s query', async () => {
    const res = await save(admin, { name: 'Big pickups', list: 'orders', query: '?status=pending,accepted&ordering=-vendor_amount&search=' });
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json();
    expect(Object.keys(view).sort()).toEqual(['created_at', 'id', 'list', 'name', 'query']);
    // Written back in one form: sorted, empty parameters dropped.
    expect(view.query).toBe('ordering=-vendor_amount&status=pending%2Caccepted');
    const second = (await save(admin, { name: 'Vendors A-Z', list: 'vendors', query: 'ordering=company_name' })).json();
    expect((await list(admin)).json().map((v: { id: number }) => v.id)).toEqual([second.id, view.id]);
    expect((await list(admin, '?list=orders')).json().map((v: { id: number }) => v.id)).toEqual([view.id]);
    // The query opens the list as saved.
    const orders = await ctx.app.inject({ method: 'GET', url: `/orders?${view.query}`, headers: admin.headers });
    expect(orders.statusCode).toBe(200);
  });

  it('keeps each member\'s views to itself: another\'s is 404', async () => {
    const mine = (await save(admin, { name: 'Mine', list: 'stores', query: 'ordering=name' })).json();
    expect((await list(otherAdmin)).json()).toEqual([]);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/saved-views/${mine.id}/`, headers: otherAdmin.headers });
    expect(del.statusCode).toBe(404);
    expect((await list(admin)).json().map((v: { id: number }) => v.id)).toContain(mine.id);
    const own = await ctx.app.inject({ method: 'DELETE', url: `/saved-views/${mine.id}`, headers: admin.headers });
    expect(own.statusCode).toBe(204);
    expect((await list(admin)).json().map((v: { id: number }) => v.id)).not.toContain(mine.id);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/saved-views/${mine.id}`, headers: admin.headers })).statusCode).toBe(404);
  });

  it('lets any member keep views of its own lists', async () => {
    expect((await save(store, { name: 'Waiting', list: 'orders', query: 'status=waiting_store' })).statusCode).toBe(201);
    expect((await list(store)).json()).toHaveLength(1);
  });

  it.each([
    [{ name: '', list: 'orders', query: '' }, 'name'],
    [{ name: 'x'.repeat(81), list: 'orders', query: '' }, 'name'],
    [{ name: 'x', list: 'wallets', query: '' }, 'list'],
    [{ name: 'x', list: 'orders', query: 'colour=red' }, 'query'],
    [{ name: 'x', list: 'orders', query: 'ordering=-colour' }, 'query'],
    [{ name: 'x', list: 'orders', query: 'cursor=abc' }, 'query'],
    [{ name: 'x', list: 'orders', query: 'status=a&status=b' }, 'query'],
    [{ name: 'x', list: 'vendors', query: 'ordering=vendor_amount' }, 'query'],
    [{ name: 'x', list: 'orders', query: 'a'.repeat(2001) }, 'query'],
    [{ name: 'x', list: 'orders' }, 'query'],
  ])('refuses %j naming %s, and saves nothing', async (payload, field) => {
    const before = (await list(otherAdmin)).json().length;
    const res = await save(otherAdmin, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual([field]);
    expect((await list(otherAdmin)).json()).toHaveLength(before);
  });

  it('refuses a second view of the same name on the same list (409), not on another list', async () => {
    expect((await save(otherAdmin, { name: 'Same', list: 'orders', query: '' })).statusCode).toBe(201);
    expect((await save(otherAdmin, { name: 'Same', list: 'orders', query: 'status=pending' })).statusCode).toBe(409);
    expect((await save(otherAdmin, { name: 'Same', list: 'members', query: '' })).statusCode).toBe(201);
  });

  it(`keeps ${SAVED_VIEWS_PER_MEMBER_MAX} views when 130 creates race, and answers the rest 409 (or 503 with Retry-After)`, async () => {
    const racer = await ctx.factories.createMember('admin');
    const results = await Promise.all(Array.from({ length: 130 }, (_, i) => save(racer, { name: `Race ${i}`, list: 'orders', query: '' })));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(SAVED_VIEWS_PER_MEMBER_MAX);
    // The rest are refused: 409, or 503 (busy, try again) when a loaded machine makes some of
    // them wait for a connection longer than the pool allows (seen behind nginx in CI). Never
    // a 201 too many, never a 500.
    expect(statuses.filter((s) => s !== 201 && s !== 409 && s !== 503)).toEqual([]);
    // A 503 says when to try again.
    expect(results.filter((r) => r.statusCode === 503 && r.headers['retry-after'] !== String(DATABASE_RETRY_AFTER_SECONDS))).toEqual([]);
    expect(results.find((r) => r.statusCode === 409)?.json().detail).toMatch(/delete one first/);
    expect((await list(racer)).json()).toHaveLength(SAVED_VIEWS_PER_MEMBER_MAX);
    // Another member's creates are not held back by it.
    expect((await save(otherAdmin, { name: 'Not capped', list: 'orders', query: '' })).statusCode).toBe(201);
  });

  it('needs a signed-in member and refuses unknown parameters', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/saved-views/' })).statusCode).toBe(401);
    const res = await list(admin, '?lists=orders');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['lists']);
  });
});
