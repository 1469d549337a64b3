import { TRANSITIONS } from '@app/shared/order-machine';
import type { OrderStatus } from '@app/shared/order-status';
import type { OutboxEntry } from './outbox-types';

// What the driver sees while actions wait in the outbox: the order as it will be once they
// are sent. Refused actions do not count; the server's answer replaces all of it.

/** The entries of one order that still wait to be sent. */
export function waitingFor(orderId: number, entries: readonly OutboxEntry[]): OutboxEntry[] {
  return entries.filter((entry) => entry.orderId === orderId && !entry.refusal);
}

/** The status after the waiting steps, each applied by the shared transition table. */
export function projectedStatus(status: OrderStatus, waiting: readonly OutboxEntry[]): OrderStatus {
  let current = status;
  for (const { step } of waiting) {
    const rule = TRANSITIONS.find((t) => t.role === 'driver' && t.action === step.kind && t.from.includes(current));
    if (rule) current = rule.to;
  }
  return current;
}

/** True when an accept of this order waits to be sent (the driver holds it, as far as this phone knows). */
export const acceptWaits = (waiting: readonly OutboxEntry[]): boolean => waiting.some((entry) => entry.step.kind === 'accepted');
