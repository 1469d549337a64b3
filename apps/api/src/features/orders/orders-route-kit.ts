import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@app/shared/schemas/errors';

/** The Fastify instance the orders plugin receives (zod type provider). */
export type OrdersApp = Parameters<FastifyPluginAsyncZod>[0];

/** The error shape, documented for each status a route may answer. */
export function errorResponses<const C extends readonly number[]>(...codes: C): { [K in C[number]]: typeof errorResponseSchema } {
  return Object.fromEntries(codes.map((c) => [c, errorResponseSchema])) as { [K in C[number]]: typeof errorResponseSchema };
}

export const bearer = [{ bearer: [] }];

/**
 * The spec's client sends some transitions with no payload at all ("update ... no
 * payload"), sometimes with a JSON content type anyway. Fastify answers an empty JSON body
 * 400; in this plugin it is simply no body. Anything else goes to Fastify's own parser,
 * prototype-poisoning checks included.
 */
export function tolerateEmptyJsonBodies(app: OrdersApp): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // parseAs: 'string' hands over text.
    const text = body as string;
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
