import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/test-app';
import { TEST_DB_KINDS } from './test/test-database';

describe.each(TEST_DB_KINDS)('the API shell on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx?.close());

  it('answers /healthz when the database answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: kind });
  });

  it('answers an unknown route 404 in the error shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toMatch(/not found/i);
  });

  it('accepts a trailing slash', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz/' });
    expect(res.statusCode).toBe(200);
  });

  it('serves the OpenAPI document at /docs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/healthz']).toBeDefined();
  });

  it('tags every answer with a request id', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });
});

describe('the error handler', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
  });
  afterAll(async () => ctx?.close());

  it('answers a broken JSON body 400, never 500', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"login_id": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/JSON/);
  });
});
