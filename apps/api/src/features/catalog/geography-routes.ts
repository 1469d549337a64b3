import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { citiesQuerySchema, citySchema, createCityBodySchema, stateSchema } from '@app/shared/schemas/catalog';
import { authOf } from '../../auth/guards';
import { errorResponses } from '../../http/error-responses';
import { createCity, listCities, listStates } from './geography';
import { listEtag } from '../../http/paging';
import { adminOnly, bearer } from './route-support';

export const geographyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/states',
    {
      schema: {
        tags: ['geography'],
        summary: 'Indian states, by name (public: sign-up forms use it)',
        response: { 200: z.array(stateSchema) },
      },
      onSend: listEtag,
    },
    async () => listStates(app.db),
  );

  app.get(
    '/cities',
    {
      schema: {
        tags: ['geography'],
        summary: 'Cities with their state, sorted by state then city (public: sign-up forms use it)',
        querystring: citiesQuerySchema,
        response: { 200: z.array(citySchema), ...errorResponses(400) },
      },
      onSend: listEtag,
    },
    async (request) => listCities(app.db, request.query.state_id),
  );

  app.post(
    '/cities',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['geography', 'rate card'],
        summary: 'Adds a city with a rate for every material and rate type (admin)',
        description:
          "Each rate is the one given in `rates`, else the `copy_from_city_id` city's, else the material's default. " +
          'A city name is unique within its state, whatever its case (409).',
        security: bearer,
        body: createCityBodySchema,
        response: { 201: citySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const city = await createCity(app.db, request.body, authOf(request).memberId);
      return reply.status(201).send(city);
    },
  );
};
