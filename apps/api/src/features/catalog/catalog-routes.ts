import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RATE_IMPORT_MAX_BYTES } from '@app/shared/schemas/catalog';
import { geographyRoutes } from './geography-routes';
import { materialsRoutes } from './materials-routes';
import { rateCardRoutes } from './rate-card-routes';
import { ratesRoutes } from './rates-routes';

/** States, cities, materials and rates: the catalog every order is priced from. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: only the rate-card import reads CSV bodies.
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: RATE_IMPORT_MAX_BYTES }, (_request, body, done) => done(null, body));
  await app.register(geographyRoutes);
  await app.register(materialsRoutes);
  await app.register(ratesRoutes);
  await app.register(rateCardRoutes);
};
