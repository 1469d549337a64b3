import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';
import type { TestMember } from '../test/factories';
import { TEST_DB_KINDS } from '../test/test-database';
import { registerErrorHandler } from './error-handler';
import { loggerOptions } from './logger-options';
import { safeErrorLog } from './safe-error-log';

describe.each(TEST_DB_KINDS)('abuse the security review found, on %s', (kind) => {
  let ctx: TestContext;
  let admin: TestMember;
  let store: TestMember;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    const [cityId] = await ctx.factories.cityIds();
    const vendor = await ctx.factories.createMember('vendor', { cityId });
    admin = await ctx.factories.createMember('admin');
    store = await ctx.factories.createMember('store', { cityId, vendorId: vendor.vendorId });
  });
  afterAll(async () => ctx?.close());

  it.each([
    ['GET', '/orders?search=%00', undefined, 'search'],
    ['GET', '/members?search=a%00b', undefined, 'search'],
    ['GET', '/orders/%00/', undefined, 'id'],
    ['POST', '/orders/', { details: [], note: 'left at the gate\u0000' }, 'note'],
    ['POST', '/auth/login', { login_id: 'x@example.in', password: 'a\u0000b' }, 'password'],
    ['POST', '/auth/signup', { login_id: 'n@example.in', password: 'secret-1', name: 'Ravi\u0000', phone: '9876543210', member_type: 'vendor', vendor: { company_name: 'X', city_id: 1, address: 'Y' } }, 'name'],
    ['PATCH', '/members/1/reject/', { reason: 'no\u0000' }, 'reason'],
  ])('%s %s with a NUL character is a 400 naming the field', async (method, url, payload, field) => {
    const who = url.startsWith('/orders/') && method === 'POST' ? store : admin;
    const res = await ctx.app.inject({ method: method as 'GET', url, headers: who.headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(400);
    // nginx refuses a NUL in the path itself (its own 400 page) before the API sees it.
    if (ctx.balancerUrl && url.startsWith('/orders/%00')) return;
    expect(Object.keys(res.json().errors ?? {})).toContain(field);
  });

  it('turns text the database refuses (SQL state 22021) into a 400, as a last line', async () => {
    const bare = Fastify();
    registerErrorHandler(bare);
    bare.get('/probe', async () => ctx.db.execute(sql`select ${'a\u0000b'}::text as t`));
    const res = await bare.inject({ method: 'GET', url: '/probe' });
    await bare.close();
    expect(res.statusCode).toBe(400);
  });

  it('refuses a bulk rate change that rounds to nothing with a 400', async () => {
    const [cityId] = await ctx.factories.cityIds();
    for (const change of [{ amount: 1e-10 }, { amount: -1e-10 }, { amount: 1.0000000001 }, { percent: 1e-10 }]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/rate-card/bulk', headers: admin.headers, payload: { rate_type: 'vendor', scope: { city_ids: [cityId] }, change } });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(res.json().errors).some((k) => k.startsWith('change'))).toBe(true);
    }
  });

  it('logs the SQL of a failed statement but never its parameters', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = Fastify({ logger: loggerOptions('error', stream) });
    registerErrorHandler(logged);
    logged.get('/probe', async () => ctx.db.execute(sql`select ${'ravi.secret@example.in'}::int as n`));
    const res = await logged.inject({ method: 'GET', url: '/probe' });
    await logged.close();
    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('select $1::int');
    expect(log).not.toContain('ravi.secret');

    const error = await ctx.db.execute(sql`select ${'ravi.secret@example.in'}::int`).catch((e: unknown) => e);
    expect(JSON.stringify(safeErrorLog(error))).not.toContain('ravi.secret');
  });
});
