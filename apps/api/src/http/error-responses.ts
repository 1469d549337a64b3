import { errorResponseSchema } from '@app/shared/schemas/errors';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 501 | 503;

/** The `{detail, errors?}` answers a route documents, e.g. `...errorResponses(400, 403, 404)`. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<S, typeof errorResponseSchema>;
}
