import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';
import { startSecondProcess } from '../../test/second-process';
import { orderInStatus, type World, type OrdersApi, useOrdersWorld } from './orders-test-kit';

// The store's poll answered from memory while nothing changed, and never stale after a change.

/**
 * What the JS heap and the Buffers hold once garbage is collected. Not `external`: it
 * also counts PGlite's WebAssembly memory and native buffers awaiting release, and swings
 * by megabytes between two calls.
 */
async function retainedBytes(): Promise<number> {
  // vitest's workers run without --expose-gc; V8 hands gc() to a new context when asked.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  for (let i = 0; i < 3; i += 1) {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
  }
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

describe.each(TEST_DB_KINDS)('the poll cache on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let api: OrdersApi;
  useOrdersWorld(kind, (made) => ({ ctx, world, api } = made));

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
    // A 304 from memory says what caching and CORS need, not the document's security headers.
    const notModified = await api.list(world.store, '?status=waiting_store', { origin, 'if-none-match': fresh.headers.etag as string });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers).toMatchObject({ etag: fresh.headers.etag, 'access-control-allow-origin': origin, 'cache-control': fresh.headers['cache-control'] });
    expect(notModified.headers['content-security-policy']).toBeUndefined();
    expect(notModified.headers['x-request-id']).toBeTruthy();

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

  it('keeps what one member can make it hold to a few MB, whatever the number of distinct URLs', async () => {
    const store = await ctx.factories.createMember('store', { cityId: world.cityA, vendorId: world.vendor.vendorId });
    for (let i = 0; i < 8; i += 1) {
      const created = await api.create(store, { details: [{ material_id: world.materialIds[0] }, { material_id: world.materialIds[1], weight: 2 }] });
      expect(created.statusCode, created.body).toBe(201);
    }
    // Every URL is its own key, and each answer holds all eight orders.
    const url = (i: number) => `?limit=100&created_at__lt=${new Date(Date.UTC(2100, 0, 1) + i * 1000).toISOString()}`;
    expect(ids(await api.list(store, url(0)))).toHaveLength(8);
    const entriesBefore = ctx.app.pollCacheStats().entries;

    for (let i = 1; i <= 1_000; i += 1) expect((await api.list(store, url(i))).statusCode).toBe(200);
    const stats = ctx.app.pollCacheStats();
    // The member filled its share (the bound was reached, not avoided) and no more.
    expect(stats.bytesOfMember(store.id)).toBeGreaterThan(stats.maxBytesPerMember / 2);
    expect(stats.bytesOfMember(store.id)).toBeLessThanOrEqual(stats.maxBytesPerMember);
    expect(stats.entries).toBeLessThan(entriesBefore + 1_000);
    expect(stats.bytes).toBeLessThanOrEqual(stats.maxBytes);

    // Once the share is full, more distinct URLs leave the process as it was (the count-capped
    // cache grew 17 MB per 500 of these: each body's pooled Buffer slice kept its 64 KB slab).
    // The first round also warmed the database and the code, so this one measures the cache.
    const before = await retainedBytes();
    for (let i = 1_001; i <= 1_500; i += 1) expect((await api.list(store, url(i))).statusCode).toBe(200);
    expect((await retainedBytes()) - before).toBeLessThan(2 * 1024 * 1024);
    expect(ctx.app.pollCacheStats().bytesOfMember(store.id)).toBeLessThanOrEqual(stats.maxBytesPerMember);
  }, 180_000);

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
