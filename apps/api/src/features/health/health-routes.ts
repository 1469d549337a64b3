import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'Answers 200 when the database answers',
        response: { 200: z.object({ status: z.literal('ok'), database: z.string() }), 503: z.object({ detail: z.string() }) },
      },
    },
    async (_request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: app.dbKind };
      } catch {
        return reply.status(503).send({ detail: 'The database does not answer' });
      }
    },
  );
};
