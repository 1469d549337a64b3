import type { z } from 'zod';
import { MESSAGES } from '@app/shared/messages';
import { deletedResponseSchema, idParamsSchema } from '@app/shared/schemas/partners';
import { requireAuth } from '../../auth/guards';
import type { Tenancy } from '../../auth/tenancy';
import { IDEMPOTENCY_DESCRIPTION, idempotencyHeaders, idempotent } from '../../idempotency/idempotent';
import { errorResponses } from '../error-responses';
import { notFound } from '../http-error';
import { BEARER, callerOf, type Resource, type ZodApp } from './resource';

/** A record just written is answered whoever wrote it: the write itself was checked. */
const ALL: Tenancy = { kind: 'all' };

/** POST `path`, PATCH `path/:id` and DELETE `path/:id` of a resource that declares them. */
export function registerWriteRoutes<Item, Q, CB extends z.ZodType, UB extends z.ZodType>(app: ZodApp, resource: Resource<Item, Q, CB, UB>): void {
  const { path, tags, item, records, create, update, remove } = resource;

  if (create) {
    const errors = create.mayConflict || create.idempotent ? errorResponses(400, 401, 403, 409) : errorResponses(400, 401, 403);
    const idempotency = create.idempotent ? { description: IDEMPOTENCY_DESCRIPTION, headers: idempotencyHeaders } : {};
    app.post(
      path,
      {
        onRequest: requireAuth({ roles: create.roles }),
        schema: { tags, security: BEARER, summary: create.summary, ...idempotency, body: create.body, response: { 201: item, ...errors } },
      },
      async (request, reply) => {
        const caller = callerOf(app.db, request);
        const created = async () => {
          const id = await create.run(caller, request.body as z.output<CB>);
          return (await records.find(caller.db, ALL, id))!;
        };
        if (create.idempotent) return idempotent(caller.db, request, reply, {}, async () => ({ status: 201, body: await created() }));
        return reply.status(201).send(await created());
      },
    );
  }

  if (update) {
    app.patch(
      `${path}/:id${update.path ?? ''}`,
      {
        onRequest: requireAuth({ roles: update.roles }),
        schema: { tags, security: BEARER, summary: update.summary, params: idParamsSchema, body: update.body, response: { 200: item, ...errorResponses(400, 401, 403, 404) } },
      },
      async (request) => {
        const caller = callerOf(app.db, request);
        const { id } = request.params;
        if ((await update.run(caller, id, request.body as z.output<UB>)) === false) throw notFound(resource.notFound);
        return (await records.find(caller.db, caller.tenancy, id))!;
      },
    );
  }

  if (remove) {
    app.delete(
      `${path}/:id`,
      {
        onRequest: requireAuth({ roles: remove.roles }),
        schema: { tags, security: BEARER, summary: remove.summary, params: idParamsSchema, response: { 200: deletedResponseSchema, ...errorResponses(400, 401, 403, 404) } },
      },
      async (request) => {
        const caller = callerOf(app.db, request);
        if (!(await records.remove(caller.db, caller.tenancy, request.params.id))) throw notFound(resource.notFound);
        return { detail: MESSAGES.deleteSuccess };
      },
    );
  }
}
