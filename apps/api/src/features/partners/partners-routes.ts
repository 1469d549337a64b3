import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const partnersRoutes: FastifyPluginAsyncZod = async (_app) => {};
