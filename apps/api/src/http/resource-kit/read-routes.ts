import { z } from 'zod';
import { idParamsSchema } from '@app/shared/schemas/partners';
import { requireAuth } from '../../auth/guards';
import { errorResponses } from '../error-responses';
import { notFound } from '../http-error';
import { listEtag, setListHeaders } from '../paging';
import { BEARER, callerOf, type Resource, type ZodApp } from './resource';

/** GET `path` and GET `path/:id` of a resource that declares them. */
export function registerReadRoutes<Item, Q>(app: ZodApp, resource: Resource<Item, Q, z.ZodType, z.ZodType>): void {
  const { path, tags, item, records, list, read } = resource;

  if (list) {
    app.get(
      path,
      {
        onRequest: requireAuth({ roles: list.roles }),
        onSend: listEtag,
        schema: { tags, security: BEARER, summary: list.summary, querystring: list.query, response: { 200: z.array(item), ...errorResponses(400, 401, 403) } },
      },
      async (request, reply) => {
        const caller = callerOf(app.db, request);
        const page = await records.list(caller.db, caller.tenancy, request.query as Q);
        setListHeaders(request, reply, page.total, page.nextCursor);
        return page.items;
      },
    );
  }

  if (read) {
    app.get(
      `${path}/:id`,
      {
        onRequest: requireAuth({ roles: read.roles }),
        schema: { tags, security: BEARER, summary: read.summary, params: idParamsSchema, response: { 200: item, ...errorResponses(400, 401, 403, 404) } },
      },
      async (request) => {
        const caller = callerOf(app.db, request);
        const found = await records.find(caller.db, caller.tenancy, request.params.id);
        if (!found) throw notFound(resource.notFound);
        return found;
      },
    );
  }
}
