import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandler } from './error-handler';
import { conflict } from './http-error';

describe('the error handler', () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    app.post('/probe', { schema: { body: z.object({ details: z.array(z.object({ weight: z.number().positive() })) }) } }, async () => ({ ok: true }));
    app.get('/boom', async () => {
      throw new Error('secret database password in message');
    });
    app.get('/database-gone', async () => {
      throw new Error('Failed query: select * from members where login_id = $1\nparams: someone@example.in', {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      });
    });
    app.get('/conflict', async () => {
      throw conflict('The order changed meanwhile');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('names the nested field of a schema error', async () => {
    const res = await app.inject({ method: 'POST', url: '/probe', payload: { details: [{ weight: -1 }] } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['details.0.weight']);
    expect(res.json().detail).toMatch(/^details\.0\.weight: /);
  });

  it('asks for a JSON object when the body is missing', async () => {
    const res = await app.inject({ method: 'POST', url: '/probe' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'body: The request has no body: send a JSON object', errors: { body: ['The request has no body: send a JSON object'] } });
  });

  it('hides the internals of a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json().detail).toBeTruthy();
  });

  it('answers 503 with Retry-After when the database cannot be reached, without its internals', async () => {
    const res = await app.inject({ method: 'GET', url: '/database-gone' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ detail: 'The service cannot reach its database right now. Please try again in a few seconds.' });
  });

  it('passes an HttpError through with its status', async () => {
    const res = await app.inject({ method: 'GET', url: '/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'The order changed meanwhile' });
  });
});
