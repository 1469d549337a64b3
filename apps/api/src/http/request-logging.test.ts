import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';
import { createWorld, ordersApi, type World } from '../features/orders/orders-test-kit';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { url?: string };
  res?: { statusCode?: number };
}

const INFO = 30;

describe('request logging at the default level', () => {
  let ctx: TestContext;
  let world: World;
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      callback();
    },
  });
  const linesOf = (requestId: unknown) => lines.filter((l) => l.reqId === requestId);

  beforeAll(async () => {
    ctx = await createTestApp('pglite', { config: { LOG_LEVEL: 'info' }, logStream: stream });
    world = await createWorld(ctx);
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('writes one line per request, with its request id, and none at info for a poll answered from memory', async () => {
    const api = ordersApi(ctx);
    const first = await api.list(world.store, '?status=waiting_store');
    expect(first.statusCode).toBe(200);
    const logged = linesOf(first.headers['x-request-id']);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: INFO, msg: 'request completed', req: { url: '/orders?status=waiting_store' }, res: { statusCode: 200 } });

    const repeated = await api.list(world.store, '?status=waiting_store');
    const notModified = await api.list(world.store, '?status=waiting_store', { 'if-none-match': first.headers.etag as string });
    expect(repeated.statusCode).toBe(200);
    expect(notModified.statusCode).toBe(304);
    for (const answer of [repeated, notModified]) {
      expect(answer.headers['x-request-id']).toBeTruthy();
      expect(linesOf(answer.headers['x-request-id']).filter((l) => l.level >= INFO)).toEqual([]);
    }

    // Any other answer, an error too, is one line.
    const missing = await ctx.app.inject({ method: 'GET', url: '/orders/99999999', headers: world.store.headers });
    expect(missing.statusCode).toBe(404);
    expect(linesOf(missing.headers['x-request-id']).filter((l) => l.msg === 'request completed')).toHaveLength(1);
  });
});
