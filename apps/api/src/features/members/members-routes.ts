import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approveMemberRequestSchema,
  assignStoreVendorRequestSchema,
  createAdminRequestSchema,
  createDriverRequestSchema,
  memberIdParamsSchema,
  memberListItemSchema,
  memberListQuerySchema,
  memberLoginIdParamsSchema,
  memberSchema,
  rejectMemberRequestSchema,
  storeIdParamsSchema,
  storeSchema,
} from '@app/shared/schemas/members';
import { authOf, requireAuth } from '../../auth/guards';
import type { NewAccount } from '../../auth/member-accounts';
import { hashPassword } from '../../auth/passwords';
import { members } from '../../db/tables/members.table';
import { errorResponses } from '../../http/error-responses';
import { notFound } from '../../http/http-error';
import { listEtag, setListHeaders } from '../../http/paging';
import { createAdmin, createDriver } from './admin-accounts';
import { listMembers } from './list-members';
import { approveMember, rejectMember } from './member-approval';
import { findMember } from './member-view';
import { updateStoreAsAdmin } from './store-vendor';

const security = [{ bearer: [] }];

/** Members, sign-up approval and the accounts an admin creates (design.md section 5). */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = requireAuth({ roles: ['admin'] });
  // With a hosted pool the pool holds passwords: the admin creates the user there with the same e-mail.
  const hosted = app.config.AUTH_PROVIDER === 'cognito';
  const credentialFor = async (password: string | undefined): Promise<NewAccount['credential']> =>
    hosted || password === undefined ? { provider: 'cognito' } : { provider: 'local', passwordHash: await hashPassword(password) };

  app.get(
    '/members',
    {
      onRequest: adminOnly,
      onSend: listEtag,
      schema: {
        tags: ['members'],
        summary: 'Members, newest first (admin): filter pending sign-ups by approval_status',
        security,
        querystring: memberListQuerySchema,
        response: { 200: z.array(memberListItemSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const page = await listMembers(app.db, request.query);
      setListHeaders(request, reply, page.total, page.nextCursor);
      return page.items;
    },
  );

  app.get(
    '/members/:loginId',
    {
      onRequest: requireAuth({ allowUnverified: true }),
      schema: {
        tags: ['members'],
        summary: 'One member by login id: itself (even unverified), or anyone for an admin',
        security,
        params: memberLoginIdParamsSchema,
        response: { 200: memberSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const loginId = request.params.loginId.trim().toLowerCase();
      // Another member's record is absent for the caller, never forbidden (design.md section 4).
      const visible = auth.role === 'admin' && auth.isVerified && auth.approvalStatus === 'approved';
      if (!visible && loginId !== auth.loginId.toLowerCase()) throw notFound('Member not found');
      const member = await findMember(app.db, eq(sql`lower(${members.loginId})`, loginId));
      if (!member) throw notFound('Member not found');
      return member;
    },
  );

  app.patch(
    '/members/:id/approve',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['members'],
        summary: 'Approve a member (admin); a store may get its vendor at the same time',
        security,
        params: memberIdParamsSchema,
        body: approveMemberRequestSchema.nullish(),
        response: { 200: memberSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => approveMember(app.db, request.params.id, request.body ?? {}),
  );

  app.patch(
    '/members/:id/reject',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['members'],
        summary: 'Reject a member (admin): cancelled, unverified, signed out everywhere',
        security,
        params: memberIdParamsSchema,
        body: rejectMemberRequestSchema.nullish(),
        response: { 200: memberSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => rejectMember(app.db, authOf(request), request.params.id, request.body ?? {}),
  );

  app.post(
    '/drivers',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['members'],
        summary: 'Create a driver (admin): verified and approved at once',
        security,
        body: hosted ? createDriverRequestSchema.omit({ password: true }) : createDriverRequestSchema,
        response: { 201: memberSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { password, ...rest } = request.body as z.output<typeof createDriverRequestSchema>;
      return reply.status(201).send(await createDriver(app.db, rest, await credentialFor(password)));
    },
  );

  app.post(
    '/admins',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['members'],
        summary: 'Create another admin (admin)',
        security,
        body: hosted ? createAdminRequestSchema.omit({ password: true }) : createAdminRequestSchema,
        response: { 201: memberSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { password, ...rest } = request.body as z.output<typeof createAdminRequestSchema>;
      return reply.status(201).send(await createAdmin(app.db, rest, await credentialFor(password)));
    },
  );

  app.patch(
    '/stores/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['members'],
        summary: 'Assign a store to a vendor and/or set its pin on the map (`location`, null removes it) (admin)',
        security,
        params: storeIdParamsSchema,
        body: assignStoreVendorRequestSchema,
        response: { 200: storeSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateStoreAsAdmin(app.db, request.params.id, request.body),
  );
};
