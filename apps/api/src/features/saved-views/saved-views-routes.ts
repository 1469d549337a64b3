import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createSavedViewBodySchema,
  SAVED_VIEWS_PER_MEMBER_MAX,
  savedViewIdParamsSchema,
  savedViewListQuerySchema,
  savedViewSchema,
} from '@app/shared/schemas/saved-views';
import { authOf, requireAuth } from '../../auth/guards';
import { errorResponses } from '../../http/error-responses';
import { notFound } from '../../http/http-error';
import { checkedViewQuery } from './saved-view-queries';
import { createSavedView } from './create-saved-view';
import { deleteSavedView, listSavedViews } from './saved-views-repository';

const tags = ['saved views'];
const security = [{ bearer: [] }];

/** A member's named list views (design.md section 13); each member sees only its own. */
export const savedViewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/saved-views',
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        security,
        summary: 'The caller\'s saved views, newest first (of one `list`, or all)',
        querystring: savedViewListQuerySchema,
        response: { 200: z.array(savedViewSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listSavedViews(app.db, authOf(request).memberId, request.query.list),
  );

  app.post(
    '/saved-views',
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        security,
        summary: 'Saves a named view: a list and its query string (filters and ordering)',
        description: `\`query\` is checked against the list's own query parameters; at most ${SAVED_VIEWS_PER_MEMBER_MAX} views per member; names are unique per list (409).`,
        body: createSavedViewBodySchema,
        response: { 201: savedViewSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { name, list, query } = request.body;
      const view = await createSavedView(app.db, { memberId: auth.memberId, list, name, query: checkedViewQuery(list, query) });
      return reply.code(201).send(view);
    },
  );

  app.delete(
    '/saved-views/:id',
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        security,
        summary: 'Deletes one of the caller\'s views',
        params: savedViewIdParamsSchema,
        response: { 204: z.undefined().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      if (!(await deleteSavedView(app.db, authOf(request).memberId, request.params.id))) throw notFound('No such saved view');
      return reply.code(204).send();
    },
  );
};
