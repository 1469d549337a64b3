import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_DETAIL, describeError, isDatabaseUnavailable, sqlStateOf } from './database-unavailable';
import { drainBody } from './drain-body';
import { errorBody, HttpError } from './http-error';

type ValidationItem = { instancePath?: string; message?: string };

/** `/details/0/weight` -> `details.0.weight`; the whole body when the path is empty. */
function fieldName(item: ValidationItem, context: string | undefined): string {
  const p = (item.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  return p || context || 'body';
}

// Text the database cannot hold (a NUL character: 22021 in text, 22P05 in jsonb). The NUL
// guard and the shared schemas refuse it first; this is the last line, so it is never a 500.
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/**
 * Every error leaves as `{detail, errors?}` (design.md section 4). Client errors say
 * what to fix; server errors never show their internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(errorBody(error));
    }
    // Before anything reads a status: a lost connection is no client's fault, and passes.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error, reason: describeError(error) }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ detail: DATABASE_UNAVAILABLE_DETAIL });
    }
    if (hasZodFastifySchemaValidationErrors(error) || (error.validation && error.validation.length > 0)) {
      // No prototype: a field named `constructor` or `toString` is a field like any other.
  const errors: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
      for (const item of (error.validation ?? []) as ValidationItem[]) {
        const name = fieldName(item, error.validationContext);
        // No body at all reads better as what to send than as a type mismatch.
        const missingBody = name === 'body' && /received (null|undefined)/.test(item.message ?? '');
        (errors[name] ??= []).push(missingBody ? 'The request has no body: send a JSON object' : (item.message ?? 'Invalid value'));
      }
      const first = Object.entries(errors)[0];
      const detail = first ? `${first[0]}: ${first[1][0]}` : 'Invalid request';
      return reply.status(400).send({ detail, errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      if (!(await drainBody(request.raw))) reply.header('connection', 'close');
      return reply.status(413).send({ detail: 'The request is too large' });
    }
    if (status === 415) return reply.status(415).send({ detail: 'Send the body as application/json' });
    if (status === 429) return reply.status(429).send({ detail: error.message || 'Too many requests' });
    if (status >= 400 && status < 500) {
      const detail = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError'
        ? 'The request body is not valid JSON'
        : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is empty; send a JSON object'
          : error.message;
      return reply.status(status).send({ detail });
    }
    if (UNSTORABLE_TEXT.has(sqlStateOf(error) ?? '')) {
      request.log.warn({ err: error }, 'text the database cannot store');
      return reply.status(400).send({ detail: 'The request holds text that cannot be stored (a NUL character?)' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ detail: 'Something went wrong on our side. Please try again; if it keeps happening, contact the admin.' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ detail: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}
