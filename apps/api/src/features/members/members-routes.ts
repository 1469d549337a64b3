import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const membersRoutes: FastifyPluginAsyncZod = async (_app) => {};
