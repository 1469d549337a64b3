import type { FastifyInstance } from 'fastify';
import { NUL_MESSAGE } from '@app/shared/schemas/text';
import { HttpError } from './http-error';

/** The dotted path of the first string holding a NUL character, or null. */
export function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path ? `${path}.${key.replaceAll('\u0000', '')}` : key.replaceAll('\u0000', '');
    const found = findNul(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The shared schemas refuse NUL in every text they know; this catches it on every route,
 * including texts a schema passes through untouched (a path parameter, a JSON object
 * stored whole), before PostgreSQL would fail on it.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = findNul(request.params, '') ?? findNul(request.query, '') ?? findNul(request.body, '');
    if (field !== null) {
      const name = field || 'body';
      throw new HttpError(400, `${name}: ${NUL_MESSAGE}`, { [name]: [NUL_MESSAGE] });
    }
  });
}
