import { ApiError } from '@/lib/api-error';

/** Where a failed call's message goes on a one-field form: under the field, or above the form. */
export interface Failure {
  field: string | null;
  form: string | null;
  /** Seconds the API asked to wait (429 Retry-After); null when it did not say. */
  retryAfter: number | null;
  /** Not the API's answer (a bug, a browser failure): worth a line in the console. */
  unexpected: boolean;
}

/**
 * The server's messages for `field` under it (already in the reader's language, lib/api-error.ts);
 * anything else (a limit, no answer) above the form; `generic` when the failure is not the API's.
 */
export function failureOf(error: unknown, field: string, generic: string): Failure {
  if (!(error instanceof ApiError)) return { field: null, form: generic, retryAfter: null, unexpected: true };
  const own = error.errors[field]?.join(' ') || null;
  const others = Object.entries(error.errors)
    .filter(([name]) => name !== field)
    .flatMap(([, messages]) => messages);
  const seconds = Number(error.headers?.get('retry-after'));
  return {
    field: own,
    form: own ? others.join(' ') || null : error.detail,
    retryAfter: error.status === 429 && Number.isFinite(seconds) && seconds > 0 ? seconds : null,
    unexpected: false,
  };
}
