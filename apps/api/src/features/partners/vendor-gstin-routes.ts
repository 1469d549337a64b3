import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rejectMemberRequestSchema } from '@app/shared/schemas/members';
import { approveVendorGstinRequestSchema, idParamsSchema, vendorSchema } from '@app/shared/schemas/partners';
import { requireAuth } from '../../auth/guards';
import { errorResponses } from '../../http/error-responses';
import { approveGstinRequest, rejectGstinRequest } from './vendor-gstin';
import { vendorRecords } from './vendors-repository';

const tags = ['vendors'];
const security = [{ bearer: [] }];

/** An admin's decision on a vendor's own GSTIN change (design.md section 16), like the other approve/reject pairs. */
export const vendorGstinRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = requireAuth({ roles: ['admin'] });
  const answer = async (id: number) => (await vendorRecords.find(app.db, { kind: 'all' }, id))!;

  app.patch(
    '/vendors/:id/gstin/approve',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Approves the vendor\'s requested GSTIN, sent back as `gstin` as the admin saw it (admin); 409 when none or another one waits',
        params: idParamsSchema,
        body: approveVendorGstinRequestSchema,
        response: { 200: vendorSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await approveGstinRequest(app.db, request.params.id, request.body.gstin);
      return answer(request.params.id);
    },
  );

  app.patch(
    '/vendors/:id/gstin/reject',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Rejects the vendor\'s requested GSTIN, with an optional reason the vendor is told (admin); 409 when none waits',
        params: idParamsSchema,
        // The reason of a rejected sign-up: the same optional text.
        body: rejectMemberRequestSchema.nullish(),
        response: { 200: vendorSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await rejectGstinRequest(app.db, request.params.id, request.body?.reason || undefined);
      return answer(request.params.id);
    },
  );
};
