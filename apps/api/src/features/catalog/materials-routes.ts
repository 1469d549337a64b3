import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createMaterialBodySchema, idSchema, materialSchema, materialsQuerySchema, updateMaterialBodySchema } from '@app/shared/schemas/catalog';
import { authOf } from '../../auth/guards';
import { errorResponses } from '../../http/error-responses';
import { forbidden } from '../../http/http-error';
import { listEtag } from '../../http/paging';
import { createMaterial, listMaterials, setRetired, updateMaterial } from './materials';
import { adminOnly, bearer, signedIn } from './route-support';

const materialParams = z.object({ id: idSchema });

export const materialsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/materials',
    {
      onRequest: signedIn,
      schema: {
        tags: ['materials'],
        summary: 'Materials in use, by name, with their default rates per kg',
        description: 'An admin may pass `include_retired=true` to list retired materials too; every item then carries `retired_at`.',
        security: bearer,
        querystring: materialsQuerySchema,
        response: { 200: z.array(materialSchema), ...errorResponses(400, 401, 403) },
      },
      onSend: listEtag,
    },
    async (request) => {
      const includeRetired = request.query.include_retired;
      if (includeRetired && authOf(request).role !== 'admin') throw forbidden('Only an admin may list retired materials');
      return listMaterials(app.db, includeRetired);
    },
  );

  app.post(
    '/materials',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['materials'],
        summary: 'Adds a material; every city gets its default rates (admin)',
        description: 'Names are unique whatever their case (409), and may not be "city" or "state" (the keys of GET /rates).',
        security: bearer,
        body: createMaterialBodySchema,
        response: { 201: materialSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await createMaterial(app.db, request.body, authOf(request).memberId)),
  );

  app.patch(
    '/materials/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['materials'],
        summary: "Renames a material or changes its default rates (admin); the cities' own rates stay",
        description: 'Each changed default enters the rate history with city null.',
        security: bearer,
        params: materialParams,
        body: updateMaterialBodySchema,
        response: { 200: materialSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateMaterial(app.db, request.params.id, request.body, authOf(request).memberId),
  );

  app.post(
    '/materials/:id/retire',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['materials'],
        summary: 'Retires a material: it leaves GET /materials, GET /rates and the rate card; old orders keep it (admin)',
        security: bearer,
        params: materialParams,
        response: { 200: materialSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => setRetired(app.db, request.params.id, true),
  );

  app.post(
    '/materials/:id/restore',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['materials'],
        summary: 'Brings a retired material back, with the rates it had (admin)',
        security: bearer,
        params: materialParams,
        response: { 200: materialSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => setRetired(app.db, request.params.id, false),
  );
};
