import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import { z } from 'zod';
import { bearerToken } from '../auth/guards';
import { errorResponses } from '../http/error-responses';
import { unauthorized } from '../http/http-error';

// Digests have one length whatever the token's, so the comparison takes the same time for
// every guess (timingSafeEqual needs equal lengths, and a length check would leak the length).
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics for Prometheus, behind METRICS_TOKEN. Left out of the OpenAPI document: it
 * is for the operator's scraper, not for the API's clients (docs/metrics.md describes it).
 */
export function metricsRoutes(registry: Registry, token: string): FastifyPluginAsyncZod {
  const expected = digest(token);
  return async (app) => {
    app.get(
      '/metrics',
      {
        schema: {
          hide: true,
            response: { 200: z.string().describe('Prometheus text exposition format'), ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        const sent = bearerToken(request);
        if (sent === null || !timingSafeEqual(digest(sent), expected)) {
          reply.header('www-authenticate', 'Bearer');
          throw unauthorized('Send Authorization: Bearer with the METRICS_TOKEN');
        }
        const text = await registry.metrics();
        return reply.type(registry.contentType).send(text);
      },
    );
  };
}
