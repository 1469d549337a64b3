import { IDEMPOTENCY_KEY_HEADER } from '@app/shared/constants';

// A write the server may receive twice (a retry after a lost answer, the driver's outbox
// replaying) carries one Idempotency-Key: the server answers a repeat with its first answer
// instead of doing the work again (design.md sections 10 and 15).

/** 128 random bits as hex: getRandomValues works where randomUUID does not (plain http). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The header that carries `key`, for the API client's `headers`. */
export const idempotencyHeader = (key: string): Record<string, string> => ({ [IDEMPOTENCY_KEY_HEADER]: key });
