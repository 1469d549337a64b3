import { formatDateTime, formatTime } from '@app/shared/format';
import { istDay } from '@app/shared/india-time';
import type { OrderEvent } from '@app/shared/schemas/orders';

// When a step of an order's history happened, and where an arrival was (design.md section
// 18): a driver's phone may send a step long after it was taken (offline), so the history
// shows when it was taken and, when that differs, when the server received it.

/** Taken and received further apart than this: both are shown (a phone's clock and the network take seconds). */
export const RECEIVED_LATER_MS = 60_000;

/** When the server received the step, if that was later (or earlier) than when it was taken by more than a minute; else null. */
export function receivedLater(event: Pick<OrderEvent, 'occurred_at' | 'created_at'>): string | null {
  const gap = Math.abs(Date.parse(event.created_at) - Date.parse(event.occurred_at));
  if (!(gap > RECEIVED_LATER_MS)) return null;
  // The same day (India's) needs only the clock time ("Received 10:42").
  const sameDay = istDay(new Date(event.created_at)) === istDay(new Date(event.occurred_at));
  return sameDay ? formatTime(event.created_at) : formatDateTime(event.created_at);
}

export type ArrivalPlace = { at: 'store' } | { at: 'away'; metres: number };

/**
 * Where the driver said "Arrived": at the store (within Settings' `arrival_radius_m`) or how
 * far from it; null for other steps, when the distance is not known (no position or no pin),
 * or while the radius is not known.
 */
export function arrivalPlace(event: Pick<OrderEvent, 'action' | 'arrived_distance_m'>, radiusM: number | null | undefined): ArrivalPlace | null {
  if (event.action !== 'arrived' || event.arrived_distance_m === null || radiusM === null || radiusM === undefined) return null;
  return event.arrived_distance_m > radiusM ? { at: 'away', metres: event.arrived_distance_m } : { at: 'store' };
}
