import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';
import { startProxiedProcess, type ProxiedProcess } from '../test/proxied-process';
import { TEST_PASSWORD, type TestMember } from '../test/factories';
import { SETTING_DEFAULTS } from '@app/shared/schemas/settings';
import { describeError, isDatabaseUnavailable, sqlStateOf } from './database-unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** What drizzle throws: its own error with the driver's as the cause. */
const drizzleWrapped = (cause: Error) => new Error('Failed query: select * from orders where id = $1\nparams: 42', { cause });

describe('which errors mean the database cannot be reached', () => {
  it('counts refused, dropped and timed-out connections, and the server refusing sessions', () => {
    const unavailable = [
      drizzleWrapped(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')),
      drizzleWrapped(new Error('Connection terminated unexpectedly')),
      drizzleWrapped(new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') })),
      drizzleWrapped(new Error('timeout exceeded when trying to connect')),
      new Error('Client has encountered a connection error and is not queryable'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is shutting down', '57P03'),
      withCode('sorry, too many clients already', '53300'),
      withCode('connection failure', '08006'),
      // Deadlines (decision 061) and a database closed to new sessions.
      drizzleWrapped(withCode('canceling statement due to statement timeout', '57014')),
      drizzleWrapped(withCode('canceling statement due to lock timeout', '55P03')),
      drizzleWrapped(Object.assign(withCode('database "kabadi" is not currently accepting connections', '55000'), { severity: 'FATAL' })),
      // A host with two addresses: Node's AggregateError has no message of its own.
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'), withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')], ''),
    ];
    for (const error of unavailable) expect(isDatabaseUnavailable(error), describeError(error)).toBe(true);
  });

  it('leaves everything else to be a 500 or a client error', () => {
    const others = [
      new Error('secret database password in message'),
      drizzleWrapped(withCode('duplicate key value violates unique constraint', '23505')),
      withCode('could not serialize access', '40001'),
      withCode('relation "orders" does not exist', '42P01'),
      // 55000 in a statement, not at connect: a bug, not an outage.
      Object.assign(withCode('currval of sequence "orders_id_seq" is not yet defined in this session', '55000'), { severity: 'ERROR' }),
      // Object storage down is not the database (the S3 client marks its errors with $metadata).
      Object.assign(withCode('connect ECONNREFUSED 127.0.0.1:9000', 'ECONNREFUSED'), { $metadata: {} }),
      undefined,
      'a string',
    ];
    for (const error of others) expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });

  it('finds the SQLSTATE under drizzle', () => {
    expect(sqlStateOf(drizzleWrapped(withCode('duplicate', '23505')))).toBe('23505');
    expect(sqlStateOf(withCode('connect ECONNREFUSED', 'ECONNREFUSED'))).toBeUndefined();
  });

  it('describes an error with empty message by its parts, without the parameters', () => {
    const refused = new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'), withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')], '');
    expect(describeError(refused)).toBe('connect ECONNREFUSED ::1:5432: connect ECONNREFUSED 127.0.0.1:5432');
    const wrapped = describeError(drizzleWrapped(new Error('Connection terminated unexpectedly')));
    expect(wrapped).toBe('Failed query: select * from orders where id = $1: Connection terminated unexpectedly');
  });
});

// Only a server can go away: PGlite is inside the process.
describe.runIf(process.env.TEST_DATABASE_URL)('every route while PostgreSQL cannot be reached', () => {
  let ctx: TestContext;
  let proxied: ProxiedProcess;
  let admin: TestMember;

  beforeAll(async () => {
    ctx = await createTestApp('postgres');
    // A short connection timeout keeps the silent-server case quick; production waits 5 s (db/database.ts).
    proxied = await startProxiedProcess(ctx, { connectionTimeoutMillis: 1_000 });
    admin = await ctx.factories.createMember('admin');
  }, 60_000);
  afterAll(async () => {
    await proxied?.close();
    await ctx?.close();
  });

  const get = (url: string) => proxied.app.inject({ method: 'GET', url, headers: admin.headers });
  const login = () => proxied.app.inject({ method: 'POST', url: '/auth/login', payload: { login_id: admin.loginId, password: TEST_PASSWORD } });
  const expectUnavailable = (res: Awaited<ReturnType<typeof get>>) => {
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ detail: 'The service cannot reach its database right now. Please try again in a few seconds.' });
  };

  it('answers 503 with Retry-After while connections are refused, and recovers by itself', async () => {
    expect((await get('/notifications')).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);

    await proxied.proxy.set('down');
    expectUnavailable(await get('/notifications'));
    expectUnavailable(await get('/orders/counts'));
    expectUnavailable(await login());
    const putSettings = () => proxied.app.inject({ method: 'PUT', url: '/settings/order', headers: admin.headers, payload: SETTING_DEFAULTS.order });
    expectUnavailable(await putSettings());

    await proxied.proxy.set('up');
    // Nothing remembers the failure: the same token, a sign-in and a write all work again.
    expect((await get('/notifications')).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
    expect((await get('/orders/counts')).statusCode).toBe(200);
    expect((await putSettings()).statusCode).toBe(200);
  });

  it('answers 503 instead of hanging when the server accepts connections but never answers', async () => {
    await proxied.proxy.set('silent');
    const started = Date.now();
    expectUnavailable(await get('/notifications'));
    // The pool's connection timeout (1 s here), not the client's patience.
    expect(Date.now() - started).toBeLessThan(4_000);
    await proxied.proxy.set('up');
    expect((await get('/notifications')).statusCode).toBe(200);
  });
});
