import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { strictQuery } from '@app/shared/schemas/list';
import { registerErrorHandler } from './error-handler';
import { registerStrictQuery } from './strict-query';

/** A bare app with the API's compilers, error handler and the strict-query hook. */
function bareApp() {
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerStrictQuery(app);
  return app;
}

describe('strict query strings on every route', () => {
  it('refuses any parameter on a route that declares none, naming it', async () => {
    const app = bareApp();
    app.get('/things/:id', async () => ({ ok: true }));
    const res = await app.inject({ method: 'GET', url: '/things/7?x=1&y=' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['x', 'y']);
    expect(res.json().detail).toMatch(/^x: Unknown parameter/);
    expect((await app.inject({ method: 'GET', url: '/things/7/' })).statusCode).toBe(200);
    await app.close();
  });

  it('refuses __proto__ too, which zod would drop without a word', async () => {
    const app = bareApp();
    app.get('/wallets', { schema: { querystring: strictQuery({ vendor_id: z.string().optional() }) } }, async () => ({ ok: true }));
    for (const url of ['/wallets?__proto__=1', '/wallets?vendor_id=2&__proto__=x']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().detail).toBe('__proto__: Unknown parameter; use vendor_id');
    }
    await app.close();
  });

  it('names each unknown parameter beside a declared one, even when a known one is wrong too', async () => {
    const app = bareApp();
    app.get('/wallets', { schema: { querystring: strictQuery({ vendor_id: z.coerce.number().int().optional() }) } }, async (request) => request.query);
    const typo = await app.inject({ method: 'GET', url: '/wallets/?vendorid=2' });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().errors).toEqual({ vendorid: ['Unknown parameter; use vendor_id'] });
    const both = await app.inject({ method: 'GET', url: '/wallets?vendor_id=x&colour=red' });
    expect(Object.keys(both.json().errors).sort()).toEqual(['colour', 'vendor_id']);
    expect((await app.inject({ method: 'GET', url: '/wallets?vendor_id=2' })).json()).toEqual({ vendor_id: 2 });
    await app.close();
  });

  it('keeps refinements of a strict query and reports its unknown parameters first', async () => {
    const app = bareApp();
    const schema = strictQuery({ from: z.string().optional(), to: z.string().optional() }).refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from after to', path: ['from'] });
    app.get('/period', { schema: { querystring: schema } }, async () => ({ ok: true }));
    expect((await app.inject({ method: 'GET', url: '/period?from=b&to=a' })).json().errors).toEqual({ from: ['from after to'] });
    expect(Object.keys((await app.inject({ method: 'GET', url: '/period?from=b&to=a&form=x' })).json().errors)).toEqual(['form']);
    await app.close();
  });

  it('stops the app at start-up when a route declares a query string that is not strict', async () => {
    for (const loose of [z.object({ vendor_id: z.string().optional() }), z.strictObject({}), z.looseObject({})]) {
      const app = bareApp();
      expect(() => app.get('/loose', { schema: { querystring: loose } }, async () => ({ ok: true }))).toThrow(/GET \/loose: declare its querystring with strictQuery/);
      await app.close();
    }
  });
});
