/** The one error shape of design.md section 4: `{ detail, errors? }` with a status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string, errors?: Record<string, string[]>) => new HttpError(400, detail, errors);
/** A single field's problem: the field is named in `errors` and in the detail. */
export const fieldError = (field: string, message: string) => new HttpError(400, `${field}: ${message}`, { [field]: [message] });
export const unauthorized = (detail = 'Sign in to continue') => new HttpError(401, detail);
export const forbidden = (detail = 'You may not do this') => new HttpError(403, detail);
export const notFound = (detail = 'Not found') => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const tooManyRequests = (detail = 'Too many attempts. Please wait a minute and try again.') => new HttpError(429, detail);
