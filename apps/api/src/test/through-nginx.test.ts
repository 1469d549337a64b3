import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test-app';
import { THROUGH_NGINX } from './through-nginx';

// `npm run test:api-through-nginx` claims the whole API suite runs through nginx onto two
// processes; this is the check that it does (in the ordinary run there is nothing to check).
describe.runIf(THROUGH_NGINX)('the API suite through nginx', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('postgres');
  });
  afterAll(async () => ctx?.close());

  it('sends app.inject() over HTTP through nginx, onto both processes', async () => {
    const before = ctx.requestsPerProcess!();
    for (let i = 0; i < 8; i++) {
      const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(res.headers.server).toMatch(/^nginx/);
    }
    const after = ctx.requestsPerProcess!();
    expect(after[0]).toBeGreaterThan(before[0]);
    expect(after[1]).toBeGreaterThan(before[1]);
    expect(after[0] + after[1] - before[0] - before[1]).toBe(8);
  });
});
