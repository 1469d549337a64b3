import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const escalationsRoutes: FastifyPluginAsyncZod = async (_app) => {};
