import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, publicUrl, type TestContext } from '../test/test-app';
import type { TestMember } from '../test/factories';
import { redactUrl } from './logger-options';

describe('redactUrl', () => {
  it('hides the values of secret query parameters and keeps everything else as sent', () => {
    expect(redactUrl('/events?ticket=eyJ.abc.def')).toBe('/events?ticket=[REDACTED]');
    expect(redactUrl('/orders?status=pending&access_token=x&ordering=-id')).toBe('/orders?status=pending&access_token=[REDACTED]&ordering=-id');
    // However the name is spelled on the wire.
    expect(redactUrl('/events?%74icket=eyJ.abc.def&Ticket=x')).toBe('/events?%74icket=[REDACTED]&Ticket=[REDACTED]');
    expect(redactUrl('/orders?search=ticket&status=')).toBe('/orders?search=ticket&status=');
    expect(redactUrl('/healthz')).toBe('/healthz');
  });
});

describe('the request log of an event-stream ticket', () => {
  let ctx: TestContext;
  let store: TestMember;
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      callback();
    },
  });

  beforeAll(async () => {
    ctx = await createTestApp('pglite', { config: { LOG_LEVEL: 'info' }, logStream: stream });
    store = await ctx.factories.createMember('store');
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('never holds the ticket, only that one was sent', async () => {
    const asked = await ctx.app.inject({ method: 'POST', url: '/events/ticket', headers: store.headers });
    const ticket = asked.json().ticket as string;
    const url = `/events?ticket=${encodeURIComponent(ticket)}`;
    // Its one stream, over HTTP, then a refused second use.
    const controller = new AbortController();
    expect((await fetch(`${await publicUrl(ctx)}${url}`, { signal: controller.signal })).status).toBe(200);
    controller.abort();
    const again = await ctx.app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(401);

    const logged = lines.map((line) => JSON.parse(line) as { reqId?: string; req?: { url?: string } });
    expect(logged.find((l) => l.reqId === again.headers['x-request-id'])?.req?.url).toBe('/events?ticket=[REDACTED]');
    // Not the ticket, nor its signature alone (what would let anyone replay a copy).
    const signature = ticket.split('.')[2]!;
    expect(signature.length).toBeGreaterThan(20);
    for (const line of lines) {
      expect(line).not.toContain(ticket);
      expect(line).not.toContain(signature);
    }
  });
});
