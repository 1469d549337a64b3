import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const walletsRoutes: FastifyPluginAsyncZod = async (_app) => {};
