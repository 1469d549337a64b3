import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isStrictQuery, strictQuery, unknownParameterMessage } from '@app/shared/schemas/list';
import { fieldError } from './http-error';

/** The query string of a route that takes none: any parameter is unknown. */
const NO_PARAMETERS = strictQuery({});

/**
 * zod leaves an own `__proto__` key out of what it parses without an issue (copying it
 * would set the prototype), so a strict query alone lets `?__proto__=1` through.
 */
function refuseProtoParameter(known: readonly string[]) {
  const message = unknownParameterMessage(known);
  return async (request: FastifyRequest): Promise<void> => {
    if (Object.hasOwn(request.query as object, '__proto__')) throw fieldError('__proto__', message);
  };
}

/**
 * Every route's query string is strict (design.md sections 4 and 17): a parameter the route
 * does not know is a 400 naming it, so a typo (`?vendorid=2`) never silently answers
 * everything. A route that declares no query string gets one that takes none; a route that
 * declares one not made by `strictQuery` stops the app at start-up, before anyone can call it.
 * Add this before any route is registered: hooks see only the routes that come after them.
 */
export function registerStrictQuery(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema ?? {};
    const querystring = schema.querystring ?? NO_PARAMETERS;
    if (!isStrictQuery(querystring)) {
      const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
      throw new Error(`${methods} ${route.url}: declare its querystring with strictQuery() of @app/shared/schemas/list, so an unknown parameter is a 400 naming it`);
    }
    route.schema = { ...schema, querystring };
    const known = Object.keys((querystring as z.ZodObject).shape);
    route.preValidation = [...[route.preValidation ?? []].flat(), refuseProtoParameter(known)];
  });
}
