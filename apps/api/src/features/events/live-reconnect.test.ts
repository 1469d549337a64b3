import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { startProxiedProcess, type ProxiedProcess } from '../../test/proxied-process';
import { openSse, type ReceivedEvent, type SseClient } from '../../test/sse-client';
import { SETTING_DEFAULTS } from '@app/shared/schemas/settings';
import type { TestMember } from '../../test/factories';

// design.md section 17, "Database trouble": events committed while an API process's LISTEN
// connection was down still reach the streams open on that process.

describe.runIf(process.env.TEST_DATABASE_URL)('a stream open across a lost LISTEN connection', () => {
  let ctx: TestContext;
  let admin: TestMember;
  let store: TestMember;
  let driver: TestMember;
  let materialId: number;
  let proxied: ProxiedProcess;
  let base: string;
  const log: Array<Record<string, unknown>> = [];
  const streams: SseClient[] = [];

  beforeAll(async () => {
    ctx = await createTestApp('postgres');
    const f = ctx.factories;
    const [cityId] = (await f.cityIds()) as [number];
    admin = await f.createMember('admin');
    store = await f.createMember('store', { cityId, vendorId: (await f.createMember('vendor', { cityId })).vendorId });
    driver = await f.createMember('driver', { cityId });
    materialId = (await f.materialList()).find((m) => m.retiredAt === null)!.id;
    // Pickups all day: the test runs at any hour.
    const settings = { ...SETTING_DEFAULTS.order, pickup_window_start: '00:00', pickup_window_end: '23:59' };
    expect((await ctx.app.inject({ method: 'PUT', url: '/settings/order', headers: admin.headers, payload: settings })).statusCode).toBe(200);
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line) log.push(JSON.parse(line) as Record<string, unknown>);
    });
    proxied = await startProxiedProcess(ctx, { config: { LOG_LEVEL: 'info' }, logStream });
    base = await proxied.app.listen({ host: '127.0.0.1', port: 0 });
  }, 60_000);
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await proxied?.close();
    await ctx?.close();
  });

  const orderEvents = (stream: SseClient, id: number) =>
    stream.events.filter((e) => e.event === 'order' && (e.data as { id: number }).id === id).map((e) => (e.data as { status: string }).status);
  const until = async (done: () => boolean, what: string, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('receives every event committed while the connection was down, once, on the same stream', async () => {
    // Written through the other process (direct to the database), heard here through LISTEN.
    const act = (action: string, id: number) => ctx.app.inject({ method: 'PATCH', url: `/orders/${action}/${id}/`, headers: driver.headers });
    const adminStream = await openSse(`${base}/events`, admin.headers);
    const storeStream = await openSse(`${base}/events`, store.headers);
    streams.push(adminStream, storeStream);
    expect(adminStream.status).toBe(200);

    const created = await ctx.app.inject({ method: 'POST', url: '/orders/', headers: store.headers, payload: { details: [{ material_id: materialId, weight: 3 }] } });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json() as { id: number };
    await adminStream.waitFor((e) => e.event === 'order' && (e.data as { id: number }).id === order.id);

    await proxied.proxy.set('down');
    await until(() => log.some((l) => l.msg === 'change feed connection lost; reconnecting'), 'the listener noticed the loss');
    // Committed by the other process while this one hears nothing.
    expect((await act('accepted', order.id)).statusCode).toBe(200);
    expect((await act('moving', order.id)).statusCode).toBe(200);
    await ctx.db.execute(sql`
      insert into settings (key, value) values ('rates_version', '1'::jsonb)
      on conflict (key) do update set value = to_jsonb((settings.value #>> '{}')::bigint + 1), updated_at = now()`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(orderEvents(adminStream, order.id)).toEqual(['pending']);

    await proxied.proxy.set('up');
    await until(() => orderEvents(adminStream, order.id).length === 3 && adminStream.events.some((e) => e.event === 'rates'), 'the missed events reached the admin');
    await until(() => orderEvents(storeStream, order.id).length === 3 && storeStream.events.some((e) => e.event === 'rates'), 'the missed events reached the store');
    expect(orderEvents(adminStream, order.id)).toEqual(['pending', 'accepted', 'moving']);
    expect(orderEvents(storeStream, order.id)).toEqual(['pending', 'accepted', 'moving']);
    for (const stream of [adminStream, storeStream]) {
      const ids = stream.events.map((e: ReceivedEvent) => Number(e.id));
      expect(ids, 'each event once, oldest first').toEqual([...ids].sort((a, b) => a - b).filter((id, i, all) => all.indexOf(id) === i));
    }

    // The listener said why it lost the connection, in words.
    const lost = log.find((l) => l.msg === 'change feed connection lost; reconnecting')!;
    expect(lost.reason).toEqual(expect.stringMatching(/\w{4}/));
    // Replayed to the open streams (not closed): accepted, moving and the rates change.
    expect(log.find((l) => l.msg === 'change feed listening again; missed events replayed to the open streams')).toMatchObject({ replayed: 3, streams: 2 });

    // And it goes on live.
    expect((await act('arrived', order.id)).statusCode).toBe(200);
    await storeStream.waitFor((e) => e.event === 'order' && (e.data as { status: string }).status === 'arrived');
  });
});
