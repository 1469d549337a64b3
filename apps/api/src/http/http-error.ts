import type { ErrorResponse } from '@app/shared/schemas/errors';

/** What an error may say in codes beside its sentence (the shared error schema's optional fields). */
export type ErrorFacts = Omit<ErrorResponse, 'detail' | 'errors'>;

/** The one error shape of design.md section 4: `{ detail, errors? }` with a status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
    /** A refusal that may pass on a retry (a lost race): an Idempotency-Key does not keep it as its answer. */
    readonly transient = false,
    readonly facts: ErrorFacts = {},
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

/** What every HttpError answers as its body. */
export const errorBody = (error: HttpError): ErrorResponse => ({
  detail: error.detail,
  ...(error.errors ? { errors: error.errors } : {}),
  ...error.facts,
});

export const badRequest = (detail: string, errors?: Record<string, string[]>) => new HttpError(400, detail, errors);
/** A single field's problem: the field is named in `errors` and in the detail. */
export const fieldError = (field: string, message: string) => new HttpError(400, `${field}: ${message}`, { [field]: [message] });
export const unauthorized = (detail = 'Sign in to continue') => new HttpError(401, detail);
export const forbidden = (detail = 'You may not do this') => new HttpError(403, detail);
export const notFound = (detail = 'Not found') => new HttpError(404, detail);
export const conflict = (detail: string, facts?: ErrorFacts) => new HttpError(409, detail, undefined, false, facts);
/** A 409 that says "try again": the same request may well pass a moment later. */
export const transientConflict = (detail: string) => new HttpError(409, detail, undefined, true);
export const tooManyRequests = (detail = 'Too many attempts. Please wait a minute and try again.') => new HttpError(429, detail);
