import type { DriverPositionBody } from '@app/shared/schemas/geo';
import { api } from '@/lib/api-client';

// The driver's position while on the way to a pickup (design.md section 19, decision 078):
// POST /drivers/me/position -> 204. 409: no order of the driver is `moving`; 429 with
// Retry-After: the last one was taken less than 5 s ago. The admins' read of positions is
// data/dispatch.ts: apart, so the driver's lazy reporter chunk carries none of it.

/** A position is worth something only now: the post is given up well before the client's 30 s. */
export const POSITION_POST_TIMEOUT_MS = 10_000;

/** Sends one position once: never retried (a later fix replaces it) and never queued in the outbox. */
export function postDriverPosition(body: DriverPositionBody, signal?: AbortSignal): Promise<void> {
  return api.post<void>('/drivers/me/position', body, { signal, retry: false, timeoutMs: POSITION_POST_TIMEOUT_MS });
}
