import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createStoreRequestSchema,
  idParamsSchema,
  storeDetailSchema,
  storeListQuerySchema,
  updateStoreInfoRequestSchema,
} from '@app/shared/schemas/partners';
import { authOf, requireAuth } from '../../auth/guards';
import { tenancyOf } from '../../auth/tenancy';
import { errorResponses } from '../../http/error-responses';
import { notFound } from '../../http/http-error';
import { listEtag, setListHeaders } from '../../http/paging';
import { createStore } from './create-store';
import { findStore, listStores, updateStoreInfo } from './stores-repository';

const tags = ['stores'];
const security = [{ bearer: [] }];
const NOT_FOUND = 'No such store';

// PATCH /stores/{id}/ (assigning a vendor) belongs to the members feature; this one edits
// the store's own details at /stores/{id}/info.
export const storesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores',
    {
      onRequest: requireAuth({ roles: ['admin', 'vendor', 'store'] }),
      onSend: listEtag,
      schema: {
        tags,
        security,
        summary: 'Lists stores, newest first: an admin all, a vendor its own, a store itself',
        querystring: storeListQuerySchema,
        response: { 200: z.array(storeDetailSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const page = await listStores(app.db, tenancyOf(authOf(request)), request.query);
      setListHeaders(request, reply, page.total, page.nextCursor);
      return page.items;
    },
  );

  app.get(
    '/stores/:id',
    {
      onRequest: requireAuth({ roles: ['admin', 'vendor', 'store'] }),
      schema: {
        tags,
        security,
        summary: 'One store (admin, its vendor, or the store itself)',
        params: idParamsSchema,
        response: { 200: storeDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const store = await findStore(app.db, tenancyOf(authOf(request)), request.params.id);
      if (!store) throw notFound(NOT_FOUND);
      return store;
    },
  );

  app.post(
    '/stores',
    {
      onRequest: requireAuth({ roles: ['admin', 'vendor'] }),
      schema: {
        tags,
        security,
        summary: 'Adds a store with its account, approved at once (admin, or a vendor adding its own)',
        body: createStoreRequestSchema,
        response: { 201: storeDetailSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const id = await createStore(app.db, tenancyOf(authOf(request)), request.body);
      const store = await findStore(app.db, { kind: 'all' }, id);
      return reply.status(201).send(store!);
    },
  );

  app.patch(
    '/stores/:id/info',
    {
      onRequest: requireAuth({ roles: ['admin', 'vendor', 'store'] }),
      schema: {
        tags,
        security,
        summary: 'Changes a store\'s name, address or phone (admin, its vendor, or the store itself)',
        params: idParamsSchema,
        body: updateStoreInfoRequestSchema,
        response: { 200: storeDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const tenancy = tenancyOf(authOf(request));
      const updated = await updateStoreInfo(app.db, tenancy, request.params.id, request.body);
      if (!updated) throw notFound(NOT_FOUND);
      return (await findStore(app.db, tenancy, request.params.id))!;
    },
  );
};
