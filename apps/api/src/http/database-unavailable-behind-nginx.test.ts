import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';
import { startProxiedProcess, type ProxiedProcess } from '../test/proxied-process';
import type { TestMember } from '../test/factories';
import { TEST_DB_KINDS } from '../test/test-database';
import { startBalancer, THROUGH_NGINX, type Balancer } from '../test/through-nginx';

// deploy/nginx.conf.template in front of two processes that both lost the database: every
// client still gets the API's 503 with Retry-After. Counted as failures, those 503s would
// mark both processes down and nginx would answer 502 with no Retry-After for seconds.
describe.runIf(TEST_DB_KINDS.includes('postgres') && !THROUGH_NGINX)('a database outage behind nginx', () => {
  let ctx: TestContext;
  let processes: ProxiedProcess[] = [];
  let balancer: Balancer;
  let admin: TestMember;

  beforeAll(async () => {
    ctx = await createTestApp('postgres');
    processes = [await startProxiedProcess(ctx, { connectionTimeoutMillis: 1_000 }), await startProxiedProcess(ctx, { connectionTimeoutMillis: 1_000 })];
    balancer = await startBalancer(processes[0]!.app, processes[1]!.app);
    admin = await ctx.factories.createMember('admin');
  }, 60_000);
  afterAll(async () => {
    await balancer?.close();
    for (const one of processes) await one.close();
    await ctx?.close();
  });

  const get = () => fetch(`${balancer.url}/notifications`, { headers: admin.headers });

  it('passes every 503 on with its Retry-After, however many, and serves again once the database is back', async () => {
    expect((await get()).status).toBe(200);
    for (const one of processes) await one.proxy.set('down');
    // More failures than max_fails=2 per process within fail_timeout=5s.
    for (let i = 0; i < 8; i++) {
      const res = await get();
      expect(res.status, await res.text()).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    }
    for (const one of processes) await one.proxy.set('up');
    expect((await get()).status).toBe(200);
  });
});
