import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createVendorRequestSchema,
  idParamsSchema,
  updateVendorRequestSchema,
  vendorListQuerySchema,
  vendorSchema,
} from '@app/shared/schemas/partners';
import { authOf, requireAuth } from '../../auth/guards';
import { tenancyOf } from '../../auth/tenancy';
import { errorResponses } from '../../http/error-responses';
import { notFound } from '../../http/http-error';
import { listEtag, setListHeaders } from '../../http/paging';
import { createVendor } from './create-vendor';
import { changeVendor, VENDOR_NOT_FOUND as NOT_FOUND } from './vendor-gstin';
import { vendorGstinRoutes } from './vendor-gstin-routes';
import { findVendor, listVendors } from './vendors-repository';

const tags = ['vendors'];
const security = [{ bearer: [] }];

export const vendorsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(vendorGstinRoutes);

  app.get(
    '/vendors',
    {
      onRequest: requireAuth({ roles: ['admin'] }),
      onSend: listEtag,
      schema: {
        tags,
        security,
        summary: 'Lists vendors, newest first (admin)',
        querystring: vendorListQuerySchema,
        response: { 200: z.array(vendorSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const page = await listVendors(app.db, tenancyOf(authOf(request)), request.query);
      setListHeaders(request, reply, page.total, page.nextCursor);
      return page.items;
    },
  );

  app.get(
    '/vendors/:id',
    {
      onRequest: requireAuth({ roles: ['admin', 'vendor'] }),
      schema: {
        tags,
        security,
        summary: 'One vendor (admin, or the vendor itself)',
        params: idParamsSchema,
        response: { 200: vendorSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const vendor = await findVendor(app.db, tenancyOf(authOf(request)), request.params.id);
      if (!vendor) throw notFound(NOT_FOUND);
      return vendor;
    },
  );

  app.post(
    '/vendors',
    {
      onRequest: requireAuth({ roles: ['admin'] }),
      schema: {
        tags,
        security,
        summary: 'Adds a vendor with its account, approved at once (admin)',
        body: createVendorRequestSchema,
        response: { 201: vendorSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const id = await createVendor(app.db, request.body);
      const vendor = await findVendor(app.db, { kind: 'all' }, id);
      return reply.status(201).send(vendor!);
    },
  );

  app.patch(
    '/vendors/:id',
    {
      onRequest: requireAuth({ roles: ['admin', 'vendor'] }),
      schema: {
        tags,
        security,
        summary: 'Changes a vendor\'s company name, address, phone or GSTIN (admin, or the vendor itself: its GSTIN then waits for an admin\'s approval)',
        params: idParamsSchema,
        body: updateVendorRequestSchema,
        response: { 200: vendorSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await changeVendor(app.db, auth, request.params.id, request.body);
      return (await findVendor(app.db, tenancyOf(auth), request.params.id))!;
    },
  );
};
