import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';
import { TEST_DB_KINDS } from '../test/test-database';
import { createWorld, multipartFile, PNG_BYTES, type World } from '../features/orders/orders-test-kit';
import { keysetCursor } from './fuzz-values';

// The cases of the input audit (design.md sections 4 and 17): each answered 500 or silently
// ignored what it was sent; each is a 400 naming what to fix.

describe.each(TEST_DB_KINDS)('input the API refuses by name on %s', (kind) => {
  let ctx: TestContext;
  let world: World;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    world = await createWorld(ctx);
  });
  afterAll(async () => ctx?.close());

  /** The answer's status and the fields its `errors` names. */
  async function refusal(request: InjectOptions) {
    const res = await ctx.app.inject(request);
    return { status: res.statusCode, fields: Object.keys((res.json() as { errors?: object }).errors ?? {}), body: res.json() as { detail: string; errors?: Record<string, string[]> } };
  }

  it('refuses a query parameter a route does not know, naming it, on every route', async () => {
    const typo = await refusal({ method: 'GET', url: '/wallets/?vendorid=2', headers: world.admin.headers });
    expect(typo.status).toBe(400);
    expect(typo.body.errors).toEqual({ vendorid: [expect.stringContaining('Unknown parameter; use vendor_id')] });
    // A route that takes no query string at all: once a 404 (no such order), now the parameter is named first.
    expect(await refusal({ method: 'GET', url: '/orders/999999/?x=1', headers: world.admin.headers })).toMatchObject({ status: 400, fields: ['x'] });
    expect(await refusal({ method: 'GET', url: '/healthz?verbose=1' })).toMatchObject({ status: 400, fields: ['verbose'] });
    // Names every object has are unknown parameters too, not a crash of the error answer.
    expect(await refusal({ method: 'GET', url: '/wallets/?constructor=1&toString=2', headers: world.admin.headers })).toMatchObject({ status: 400, fields: ['constructor', 'toString'] });
    expect((await refusal({ method: 'GET', url: '/wallets/?__proto__=1', headers: world.admin.headers })).body.detail).toMatch(/^__proto__: Unknown parameter/);
    expect((await ctx.app.inject({ method: 'GET', url: '/wallets/?vendor_id=', headers: world.admin.headers })).statusCode).toBe(200);
  });

  it('still answers a CORS preflight whose URL has a query string', async () => {
    const res = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/orders?status=pending',
      headers: { origin: ctx.config.WEB_ORIGIN[0]!, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(res.statusCode).toBe(204);
  });

  it('refuses ids beyond their column by name, signed out too', async () => {
    const signup = await refusal({
      method: 'POST',
      url: '/auth/signup',
      payload: { login_id: 'new.store@test.kabadi.in', password: 'secret-pass-1', name: 'New Store', phone: '+91 98200 00001', member_type: 'store', store: { name: 'Shop', city_id: 2_147_483_648, address: '1 Road' } },
    });
    expect(signup).toMatchObject({ status: 400, fields: ['store.city_id'] });
    expect(await refusal({ method: 'PATCH', url: `/stores/${world.store.storeId}/`, headers: world.admin.headers, payload: { vendor_id: 2 ** 31 } })).toMatchObject({ status: 400, fields: ['vendor_id'] });
    expect(await refusal({ method: 'GET', url: '/orders/9007199254740993/', headers: world.admin.headers })).toMatchObject({ status: 400, fields: ['id'] });
    expect(await refusal({ method: 'GET', url: '/orders?store_id=2147483648', headers: world.admin.headers })).toMatchObject({ status: 400, fields: ['store_id'] });
  });

  it('refuses cursors out of range or malformed by name', async () => {
    const lists = ['/rate-card', '/payouts', '/wallets', '/staff', '/notifications', '/orders', '/vendors'];
    for (const list of lists) {
      for (const cursor of ['-1', '99999999999999999999', 'not!base64']) {
        expect(await refusal({ method: 'GET', url: `${list}?cursor=${cursor}`, headers: world.admin.headers }), `${list} ${cursor}`).toMatchObject({ status: 400, fields: ['cursor'] });
      }
    }
    // Lists paged by integer ids refuse a cursor past PostgreSQL's integer, bigint ones take it.
    expect(await refusal({ method: 'GET', url: '/wallets?cursor=2147483648', headers: world.admin.headers })).toMatchObject({ status: 400, fields: ['cursor'] });
    expect((await ctx.app.inject({ method: 'GET', url: '/payouts?cursor=2147483648', headers: world.admin.headers })).statusCode).toBe(200);
    // A keyset cursor is base64url JSON the client can edit: its sort key must still be one of the sort's type.
    for (const key of ['not a time', '2024-02-30 00:00:00+00', '0000-01-01 00:00:00+00']) {
      expect(await refusal({ method: 'GET', url: `/orders?cursor=${keysetCursor('-created_at', key, 1)}`, headers: world.admin.headers }), key).toMatchObject({ status: 400, fields: ['cursor'] });
    }
    expect(await refusal({ method: 'GET', url: `/orders?ordering=total_weight&cursor=${keysetCursor('total_weight', '99999999999999999999', 1)}`, headers: world.admin.headers })).toMatchObject({ status: 400, fields: ['cursor'] });
    expect((await ctx.app.inject({ method: 'GET', url: `/orders?cursor=${keysetCursor('-created_at', '2024-05-01 10:00:00.123456+00', 1)}`, headers: world.admin.headers })).statusCode).toBe(200);
  });

  it('refuses times the database cannot hold by name', async () => {
    for (const time of ['0000-01-01', '9999-12-31T23:59:59-12:00', '2024-02-30']) {
      expect(await refusal({ method: 'GET', url: `/orders/counts?created_at__gt=${encodeURIComponent(time)}`, headers: world.admin.headers }), time).toMatchObject({ status: 400, fields: ['created_at__gt'] });
    }
    expect(await refusal({ method: 'GET', url: `/rate-card/history?material_id=${world.materialIds[0]}&at=0000-01-01T00:00:00Z`, headers: world.admin.headers })).toMatchObject({ status: 400, fields: ['at'] });
  });

  it('refuses a photo upload without a multipart boundary, or cut short, as a 400', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/orders/', headers: world.store.headers, payload: { details: [{ material_id: world.materialIds[0] }] } });
    const id = (created.json() as { id: number }).id;
    const file = multipartFile(PNG_BYTES, 'load.png', 'image/png');
    for (const idempotencyKey of [null, 'upload-1']) {
      const headers = { ...world.store.headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) };
      const noBoundary = await refusal({ method: 'POST', url: `/orders/${id}/images`, headers: { ...headers, 'content-type': 'multipart/form-data' }, payload: file.payload });
      expect(noBoundary).toMatchObject({ status: 400, fields: ['file'] });
      const cutShort = await refusal({ method: 'POST', url: `/orders/${id}/images`, headers: { ...headers, ...file.headers }, payload: file.payload.subarray(0, file.payload.length - 30) });
      expect(cutShort).toMatchObject({ status: 400, fields: ['file'] });
    }
  });

  it('refuses text with a lone surrogate by name: settings, order notes, names', async () => {
    const asJson = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });
    expect(await refusal({ method: 'PUT', url: '/settings/privacy', headers: asJson(world.admin.headers), payload: '{"title":"Privacy","body":"a\\ud800b"}' })).toMatchObject({ status: 400, fields: ['body'] });
    expect(await refusal({ method: 'PUT', url: '/settings/information', headers: asJson(world.admin.headers), payload: '{"name":"\\udc00","address":"","phone":"","email":"","gstin":""}' })).toMatchObject({ status: 400, fields: ['name'] });
    const note = `{"details":[{"material_id":${world.materialIds[0]}}],"note":"call first \\ud83d"}`;
    expect(await refusal({ method: 'POST', url: '/orders/', headers: asJson(world.store.headers), payload: note })).toMatchObject({ status: 400, fields: ['note'] });
    expect(await refusal({ method: 'PATCH', url: `/stores/${world.store.storeId}/info`, headers: asJson(world.admin.headers), payload: '{"name":"\\ud800"}' })).toMatchObject({ status: 400, fields: ['name'] });
    // A pair is one character, not a lone half: an emoji in a note is fine.
    const emoji = await ctx.app.inject({ method: 'POST', url: '/orders/', headers: asJson(world.store.headers), payload: `{"details":[{"material_id":${world.materialIds[0]}}],"note":"call first \\ud83d\\ude00"}` });
    expect(emoji.statusCode, emoji.body).toBe(201);
  });
});
