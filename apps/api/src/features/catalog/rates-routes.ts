import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { rateEntrySchema, ratesQuerySchema } from '@app/shared/schemas/catalog';
import { RATES_PUBLIC_MAX_AGE_S } from '@app/shared/schemas/households';
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

/** The public consumer rates (design.md section 21): the one type anyone may read. */
const PUBLIC_TYPE = 'b2c';

/** The type a request asks for, as its query string says it (read before validation: `rate_type` wins over `type`). */
function askedType(request: FastifyRequest): unknown {
  const query = (request.query ?? {}) as Record<string, unknown>;
  return query.rate_type ?? query.type;
}

/**
 * The b2c rates need no token: the public `/Sell` page shows them before anyone signs in.
 * Every other type is for signed-in members, as before (401 without a token).
 */
async function signedInUnlessPublic(this: unknown, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (askedType(request) === PUBLIC_TYPE) return;
  await signedIn.call(this as never, request, reply, () => undefined);
}

export const ratesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Built answers by type and city, kept while the database's rates version stands still:
  // a store's start then costs one key lookup instead of the whole card's query.
  const built = new BoundedCache<string, { version: string; body: string }>({ maxBytes: MAX_BYTES, ttlMs: TTL_MS });
  app.get(
    '/rates',
    {
      onRequest: signedInUnlessPublic,
      schema: {
        tags: ['rates'],
        summary: 'The rates list of one rate type: one entry per city, one key per active material name',
        description:
          'Each entry is `{"city": {id, name}, "state": {id, name}, "<material name>": {"rate": n}, ...}` with every active material; ' +
          "the rate is the city's own, else the material's default, in rupees per kg. Look a rate up by city id and material name. " +
          `\`rate_type\` (or \`type\`) \`b2c\` needs no token (the public consumer rates, design.md section 21) and is answered \`Cache-Control: public, max-age=${RATES_PUBLIC_MAX_AGE_S}\`; ` +
          'every other type needs a signed-in member. An unknown `city_id` is 404.',
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
      const { city_id: cityId } = request.query;
      const type = request.query.rate_type ?? request.query.type;
      const key = `${type}:${cityId ?? ''}`;
      const version = await readRatesVersion(app.db);
      let answer = built.get(key);
      if (answer?.version !== version) {
        const entries = await loadRateEntries(app.db, type, cityId);
        if (cityId !== undefined && entries.length === 0) throw notFound(`City ${cityId} not found`);
        answer = { version, body: JSON.stringify(entries) };
        built.set(key, answer, { bytes: textBytes(key, version, answer.body) });
      }
      // The same for everyone: shared caches may keep it a minute (the ETag revalidates after).
      if (type === PUBLIC_TYPE) reply.header('cache-control', `public, max-age=${RATES_PUBLIC_MAX_AGE_S}`);
      // Already JSON: the route's serializer passes strings through.
      return reply.type('application/json; charset=utf-8').send(answer.body as never);
    },
  );
};
