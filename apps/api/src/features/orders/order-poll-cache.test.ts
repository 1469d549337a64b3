import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';
import { startSecondProcess } from '../../test/second-process';
import { createWorld, orderInStatus, ordersApi, type World } from './orders-test-kit';

// The store's poll answered from memory while nothing changed, and never stale after a change.

describe.each(TEST_DB_KINDS)('the poll cache on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let api: ReturnType<typeof ordersApi>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    world = await createWorld(ctx);
    api = ordersApi(ctx);
  }, 120_000);
  afterAll(async () => ctx?.close());

  const ids = (res: { json(): unknown }) => (res.json() as Array<{ id: number }>).map((o) => o.id);

  it('answers the same poll again without the database, and a changed order at once', async () => {
    const first = await api.list(world.store, '?status=waiting_store');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    const again = await api.list(world.store, '?status=waiting_store');
    expect(again.body).toBe(first.body);
    expect(again.headers['x-total-count']).toBe(first.headers['x-total-count']);
    expect((await api.list(world.store, '?status=waiting_store', { 'if-none-match': etag })).statusCode).toBe(304);
    // A remembered answer carries the same security and CORS headers as the first one.
    const origin = ctx.config.WEB_ORIGIN[0]!;
    const withOrigin = () => api.list(world.store, '?status=waiting_store', { origin });
    const [fresh, repeated] = [await withOrigin(), await withOrigin()];
    const { date: _d1, 'x-request-id': _r1, ...freshHeaders } = fresh.headers;
    const { date: _d2, 'x-request-id': _r2, ...repeatedHeaders } = repeated.headers;
    expect(repeatedHeaders).toEqual(freshHeaders);
    expect(repeated.headers['access-control-allow-origin']).toBe(origin);
    expect(repeated.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(repeated.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);

    const id = await orderInStatus(ctx, world, 'waiting_store');
    const changed = await api.list(world.store, '?status=waiting_store', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(ids(changed)[0]).toBe(id);
    // Another store's cached answer does not show it.
    expect(ids(await api.list(world.otherStore, '?status=waiting_store'))).not.toContain(id);
  });

  it('still refuses a member whose access was revoked', async () => {
    const store = await ctx.factories.createMember('store', { vendorId: world.vendor.vendorId });
    expect((await api.list(store, '?status=waiting_store')).statusCode).toBe(200);
    const rejected = await ctx.app.inject({ method: 'PATCH', url: `/members/${store.id}/reject/`, headers: world.admin.headers, payload: { reason: 'Closed' } });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await api.list(store, '?status=waiting_store')).statusCode).toBe(403);
  });

  it.runIf(kind === 'postgres')('hears of changes made through another process within a second', async () => {
    const second = await startSecondProcess(ctx);
    try {
      const poll = () => second.app.inject({ method: 'GET', url: '/orders?status=waiting_store', headers: world.store.headers });
      const before = await poll();
      expect((await poll()).body).toBe(before.body);
      const id = await orderInStatus(ctx, world, 'waiting_store');
      const deadline = Date.now() + 1000;
      let seen = false;
      while (!seen && Date.now() < deadline) {
        seen = ids(await poll()).includes(id);
        if (!seen) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(seen).toBe(true);

      const store = await ctx.factories.createMember('store', { vendorId: world.vendor.vendorId });
      const viaSecond = () => second.app.inject({ method: 'GET', url: '/orders?status=waiting_store', headers: store.headers });
      expect((await viaSecond()).statusCode).toBe(200);
      await ctx.app.inject({ method: 'PATCH', url: `/members/${store.id}/reject/`, headers: world.admin.headers, payload: { reason: 'Closed' } });
      const refusedBy = Date.now() + 2000;
      let status = 200;
      while (status === 200 && Date.now() < refusedBy) {
        status = (await viaSecond()).statusCode;
        if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(status).toBe(403);
    } finally {
      await second.close();
    }
  });
});
