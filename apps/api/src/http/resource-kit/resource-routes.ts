import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { registerReadRoutes } from './read-routes';
import type { Resource } from './resource';
import { registerWriteRoutes } from './write-routes';

/**
 * A resource's routes as one plugin: GET `path` (a page, with X-Total-Count, Link and an
 * ETag), GET `path/:id`, POST `path`, PATCH `path/:id` and DELETE `path/:id`, each only
 * when declared, in that order. Every write answers the record as a read would; an id the
 * caller may not see, or may not change, is the 404 `notFound`.
 */
export function resourceRoutes<Item, Q, CB extends z.ZodType = z.ZodType, UB extends z.ZodType = z.ZodType>(
  resource: Resource<Item, Q, CB, UB>,
): FastifyPluginAsyncZod {
  return async (app) => {
    registerReadRoutes(app, resource);
    registerWriteRoutes(app, resource);
  };
}
