// The one error type of every API call (design.md section 4: `{detail, errors}`).

import { isOrderStatus, type OrderStatus } from '@app/shared/order-status';
import { translateServerMessage } from './server-messages';

export type FieldErrors = Record<string, string[]>;

/** What a 409 refusing an order's step says in codes (the shared error schema): the status now and the ones the step needs. */
export interface StatusRefusal {
  orderStatus: OrderStatus;
  allowedStatuses: OrderStatus[];
}

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'format';

export class ApiError extends Error {
  override name = 'ApiError';
  /** The HTTP status; 0 when no answer arrived (network, timeout). */
  readonly status: number;
  /** The server's message for a person, or ours when there was no answer. */
  readonly detail: string;
  /** `detail` as the server wrote it (English), before it was put in the reader's language. */
  readonly originalDetail: string;
  /** Per-field messages, keyed by the wire field name (`login_id`, `store.city_id`, `details.0.weight`). */
  readonly errors: FieldErrors;
  readonly kind: ApiErrorKind;
  /** True when `detail` is the server's own message (not our fallback for a bare status). */
  readonly fromServer: boolean;
  /** The answer's headers, when there was an answer (Retry-After, X-Request-Id). */
  headers?: Headers;
  /** Set when the server refused an order's step for its status: screens word it from these, in the reader's language. */
  readonly statusRefusal: StatusRefusal | null;

  constructor(status: number, detail: string, errors: FieldErrors = {}, kind: ApiErrorKind = 'http', fromServer = false, statusRefusal: StatusRefusal | null = null) {
    // Known English messages are shown in the reader's language (lib/server-messages.ts).
    const shown = translateServerMessage(detail);
    super(shown);
    this.status = status;
    this.detail = shown;
    this.originalDetail = detail;
    this.errors = Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.map(translateServerMessage)]));
    this.kind = kind;
    this.fromServer = fromServer;
    this.statusRefusal = statusRefusal;
  }

  /** True when the request never got an answer (offline, DNS, CORS, server down, timeout). */
  get isNetworkError(): boolean {
    return this.kind === 'network' || this.kind === 'timeout';
  }
}

/**
 * True for failures that say nothing about the session itself: no answer from the server.
 * Amplify reports these as `NetworkError`; fetch as a TypeError.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.isNetworkError;
  if (error instanceof TypeError) return true;
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'NetworkError' || name === 'TimeoutError';
}

/** Reads `{detail, errors}` out of any error body; tolerant of anything else a proxy may answer. */
export function errorFromBody(status: number, body: unknown, fallbackDetail: string): ApiError {
  let detail = fallbackDetail;
  let fromServer = false;
  const errors: FieldErrors = {};
  if (body && typeof body === 'object') {
    const b = body as { detail?: unknown; errors?: unknown };
    if (typeof b.detail === 'string' && b.detail.trim()) {
      detail = b.detail;
      fromServer = true;
    }
    if (b.errors && typeof b.errors === 'object') {
      for (const [field, messages] of Object.entries(b.errors as Record<string, unknown>)) {
        const list = Array.isArray(messages) ? messages.filter((m): m is string => typeof m === 'string') : typeof messages === 'string' ? [messages] : [];
        if (list.length > 0) errors[field] = list;
      }
    }
  }
  return new ApiError(status, detail, errors, 'http', fromServer, statusRefusalOf(body));
}

/** The codes of a status refusal, when the body carries them whole (anything else a proxy may answer is ignored). */
function statusRefusalOf(body: unknown): StatusRefusal | null {
  if (!body || typeof body !== 'object') return null;
  const { order_status: now, allowed_statuses: allowed } = body as { order_status?: unknown; allowed_statuses?: unknown };
  if (typeof now !== 'string' || !isOrderStatus(now) || !Array.isArray(allowed) || allowed.length === 0) return null;
  const statuses = allowed.filter((s): s is OrderStatus => typeof s === 'string' && isOrderStatus(s));
  return statuses.length === allowed.length ? { orderStatus: now, allowedStatuses: statuses } : null;
}
