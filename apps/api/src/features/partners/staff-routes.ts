import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@app/shared/messages';
import {
  createStaffRequestSchema,
  deletedResponseSchema,
  idParamsSchema,
  staffListQuerySchema,
  staffSchema,
  updateStaffRequestSchema,
} from '@app/shared/schemas/partners';
import { authOf, requireAuth } from '../../auth/guards';
import { tenancyOf, type Tenancy } from '../../auth/tenancy';
import { errorResponses } from '../../http/error-responses';
import { fieldError, forbidden, notFound } from '../../http/http-error';
import { listEtag, setListHeaders } from '../../http/paging';
import { deleteStaff, findStaff, insertStaff, listStaff, storeExists, updateStaff } from './staff-repository';

const tags = ['staff'];
const security = [{ bearer: [] }];
const NOT_FOUND = 'No such staff member';

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The store a new staff member joins: a store's own; the one an admin names. */
  async function targetStore(tenancy: Tenancy, requested: number | undefined): Promise<number> {
    if (tenancy.kind === 'store') {
      if (requested !== undefined && requested !== tenancy.storeId) throw fieldError('store_id', 'A store adds staff of its own only');
      return tenancy.storeId;
    }
    if (tenancy.kind !== 'all') throw forbidden('Your role may not do this');
    if (requested === undefined) throw fieldError('store_id', 'Choose the store the person works at');
    if (!(await storeExists(app.db, requested))) throw fieldError('store_id', 'Unknown store: choose one from the list');
    return requested;
  }

  app.get(
    '/staff',
    {
      onRequest: requireAuth({ roles: ['admin', 'vendor', 'store'] }),
      onSend: listEtag,
      schema: {
        tags,
        security,
        summary: 'Lists staff, newest first: a store its own, a vendor its stores\', an admin all',
        querystring: staffListQuerySchema,
        response: { 200: z.array(staffSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const page = await listStaff(app.db, tenancyOf(authOf(request)), request.query);
      setListHeaders(request, reply, page.total, page.nextCursor);
      return page.items;
    },
  );

  app.get(
    '/staff/:id',
    {
      onRequest: requireAuth({ roles: ['admin', 'vendor', 'store'] }),
      schema: {
        tags,
        security,
        summary: 'One staff member',
        params: idParamsSchema,
        response: { 200: staffSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const person = await findStaff(app.db, tenancyOf(authOf(request)), request.params.id);
      if (!person) throw notFound(NOT_FOUND);
      return person;
    },
  );

  app.post(
    '/staff',
    {
      onRequest: requireAuth({ roles: ['admin', 'store'] }),
      schema: {
        tags,
        security,
        summary: 'Adds a staff member: a store to itself, an admin to the store named by store_id',
        body: createStaffRequestSchema,
        response: { 201: staffSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const tenancy = tenancyOf(authOf(request));
      const { name, phone, position, store_id } = request.body;
      const storeId = await targetStore(tenancy, store_id);
      const id = await insertStaff(app.db, { storeId, name, phone, position: position || null });
      return reply.status(201).send((await findStaff(app.db, { kind: 'all' }, id))!);
    },
  );

  app.patch(
    '/staff/:id',
    {
      onRequest: requireAuth({ roles: ['admin', 'store'] }),
      schema: {
        tags,
        security,
        summary: 'Changes a staff member (its store, or an admin)',
        params: idParamsSchema,
        body: updateStaffRequestSchema,
        response: { 200: staffSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const tenancy = tenancyOf(authOf(request));
      const { name, phone, position } = request.body;
      const updated = await updateStaff(app.db, tenancy, request.params.id, { name, phone, position: position === '' ? null : position });
      if (!updated) throw notFound(NOT_FOUND);
      return (await findStaff(app.db, tenancy, request.params.id))!;
    },
  );

  app.delete(
    '/staff/:id',
    {
      onRequest: requireAuth({ roles: ['admin', 'store'] }),
      schema: {
        tags,
        security,
        summary: 'Removes a staff member (its store, or an admin)',
        params: idParamsSchema,
        response: { 200: deletedResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const deleted = await deleteStaff(app.db, tenancyOf(authOf(request)), request.params.id);
      if (!deleted) throw notFound(NOT_FOUND);
      return { detail: MESSAGES.deleteSuccess };
    },
  );
};
