import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rateEntrySchema, ratesQuerySchema } from '@app/shared/schemas/catalog';
import { BoundedCache, textBytes } from '../../cache/bounded-cache';
import { errorResponses } from '../../http/error-responses';
import { notFound } from '../../http/http-error';
import { listEtag } from '../../http/paging';
import { loadRateEntries } from './rates-query';
import { readRatesVersion } from './rates-version';
import { bearer, signedIn } from './route-support';

/**
 * The whole card of one type at 500 cities x 40 materials is about 0.7 MB of JSON (1.4 MB
 * counted at two bytes a character); 8 MB holds all three types and about a thousand
 * single cities' cards. Beyond it the oldest is built again.
 */
const MAX_BYTES = 8 * 1024 * 1024;
/** Every read checks the version anyway; the TTL only lets go of cards nobody asks for. */
const TTL_MS = 10 * 60_000;

export const ratesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Built answers by type and city, kept while the database's rates version stands still:
  // a store's start then costs one key lookup instead of the whole card's query.
  const built = new BoundedCache<string, { version: string; body: string }>({ maxBytes: MAX_BYTES, ttlMs: TTL_MS });
  app.get(
    '/rates',
    {
      onRequest: signedIn,
      schema: {
        tags: ['rates'],
        summary: 'The rates list of one rate type: one entry per city, one key per active material name',
        description:
          'Each entry is `{"city": {id, name}, "state": {id, name}, "<material name>": {"rate": n}, ...}` with every active material; ' +
          "the rate is the city's own, else the material's default, in rupees per kg. Look a rate up by city id and material name.",
        security: bearer,
        querystring: ratesQuerySchema,
        response: { 200: z.array(rateEntrySchema), ...errorResponses(400, 401, 403, 404) },
      },
      onSend: listEtag,
      // The card is built key by key from typed rows (rates-query.ts), so nothing stray can
      // leak; checking its 20,000 cells against the schema on every answer cost about as
      // much as building them (measured: 9 ms at 500 cities x 40 materials). The schema
      // still documents the answer and the tests hold it to it.
      serializerCompiler: () => (data) => (typeof data === 'string' ? data : JSON.stringify(data)),
    },
    async (request, reply) => {
      const { type, city_id: cityId } = request.query;
      const key = `${type}:${cityId ?? ''}`;
      const version = await readRatesVersion(app.db);
      let answer = built.get(key);
      if (answer?.version !== version) {
        const entries = await loadRateEntries(app.db, type, cityId);
        if (cityId !== undefined && entries.length === 0) throw notFound(`City ${cityId} not found`);
        answer = { version, body: JSON.stringify(entries) };
        built.set(key, answer, { bytes: textBytes(key, version, answer.body) });
      }
      // Already JSON: the route's serializer passes strings through.
      return reply.type('application/json; charset=utf-8').send(answer.body as never);
    },
  );
};
