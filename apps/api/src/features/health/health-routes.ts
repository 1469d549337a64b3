import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { DATABASE_RETRY_AFTER_SECONDS, describeError } from '../../http/database-unavailable';
import { LATEST_MIGRATION, readSchemaStatus, type SchemaStatus } from './schema-status';

/**
 * A schema found current stays so until someone restores an older database: checking it
 * again every 30 s keeps a health check polled every few seconds at one `select 1`.
 */
const SCHEMA_CURRENT_FOR_MS = 30_000;
/** Load balancers give a health check a few seconds: a database that has not answered by then is down for them. */
const ANSWER_WITHIN_MS = 3_000;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  let schemaCurrentUntil = 0;

  const check = async (): Promise<SchemaStatus> => {
    if (Date.now() < schemaCurrentUntil) {
      await app.db.execute(sql`select 1`);
      return { current: true };
    }
    const status = await readSchemaStatus(app.db);
    if (status.current) schemaCurrentUntil = Date.now() + SCHEMA_CURRENT_FOR_MS;
    return status;
  };

  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'Answers 200 when the database answers and has every migration of this version',
        description: '503 with `detail` saying which when the database does not answer (with Retry-After) or its schema is behind the code.',
        response: { 200: z.object({ status: z.literal('ok'), database: z.string() }), 503: z.object({ detail: z.string() }) },
      },
    },
    async (request, reply) => {
      let status: SchemaStatus;
      try {
        status = await within(check(), ANSWER_WITHIN_MS);
      } catch (error) {
        request.log.warn({ reason: describeError(error) }, 'health check: the database does not answer');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return reply.status(503).send({ detail: 'The database does not answer' });
      }
      if (!status.current) {
        const applied = status.applied ? `its newest migration is ${status.applied}` : 'it has no migrations applied';
        return reply.status(503).send({
          detail: `The database schema is behind this version: ${applied}, the code needs ${LATEST_MIGRATION.tag}. Run npm run migrate (starting an API process migrates too).`,
        });
      }
      return { status: 'ok' as const, database: app.dbKind };
    },
  );
};
