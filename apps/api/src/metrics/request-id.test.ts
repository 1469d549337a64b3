import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestMember } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';

// design.md section 17, "Metrics": every log line of a request carries its request id, and
// its answer carries the same id as X-Request-Id, so an answer a client reports leads to
// its log lines (app.ts sets the header, pino the reqId; the poll cache sets its own).

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: unknown;
  res?: unknown;
}

describe('request ids in answers and log lines', () => {
  let ctx: TestContext;
  let store: TestMember;
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      callback();
    },
  });

  beforeAll(async () => {
    ctx = await createTestApp('pglite', { config: { LOG_LEVEL: 'info' }, logStream: stream });
    store = await ctx.factories.createMember('store');
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('answers each request with the reqId of its log line, for successes and errors alike', async () => {
    const answers = [
      await ctx.app.inject({ method: 'GET', url: '/healthz' }),
      await ctx.app.inject({ method: 'GET', url: '/orders', headers: store.headers }),
      await ctx.app.inject({ method: 'GET', url: '/orders' }),
      await ctx.app.inject({ method: 'GET', url: '/orders/99999999', headers: store.headers }),
      await ctx.app.inject({ method: 'GET', url: '/no/such/thing' }),
      await ctx.app.inject({ method: 'POST', url: '/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"login_id": ' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 401, 404, 404, 400]);
    const ids = answers.map((a) => a.headers['x-request-id']);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [i, id] of ids.entries()) {
      expect(id, `answer ${i}`).toMatch(/^[0-9a-f-]{36}$/);
      const logged = lines.filter((l) => l.reqId === id);
      expect(logged.map((l) => l.msg), `answer ${i}`).toContain('request completed');
    }
    // No line about a request lacks the id.
    expect(lines.filter((l) => (l.req !== undefined || l.res !== undefined) && !l.reqId)).toEqual([]);
  });

  it('gives an answer from the poll cache an id of its own, not the cached answer\'s', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/orders?status=pending', headers: store.headers });
    const cached = await ctx.app.inject({ method: 'GET', url: '/orders?status=pending', headers: store.headers });
    expect([first.statusCode, cached.statusCode]).toEqual([200, 200]);
    expect(cached.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(cached.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(lines.some((l) => l.reqId === first.headers['x-request-id'] && l.msg === 'request completed')).toBe(true);
    // It was the cache that answered: those are logged at debug only (http/request-logging.ts).
    expect(lines.filter((l) => l.reqId === cached.headers['x-request-id'])).toEqual([]);
  });

  it('keeps the id a proxy in front sent, so its log and ours meet', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'edge-7f3a-42' } });
    expect(res.headers['x-request-id']).toBe('edge-7f3a-42');
    expect(lines.filter((l) => l.reqId === 'edge-7f3a-42').map((l) => l.msg)).toEqual(['request completed']);
  });

  it('replaces an id that is not a plain token: a client cannot write into the log through it', async () => {
    for (const sent of ['{"level":60}', 'a b', 'x'.repeat(200), 'short']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': sent } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(lines.some((l) => l.reqId === sent)).toBe(false);
    }
  });
});
