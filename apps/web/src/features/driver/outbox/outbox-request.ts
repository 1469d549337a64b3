import type { TransitionInput } from '@/data/orders';
import type { OutboxStep } from './outbox-types';

// What an entry sends: built from what the phone kept, never from the moment of sending,
// so every try of an entry has the same body (the server hashes it with the Idempotency-Key).

export type TransitionStep = Exclude<OutboxStep, { kind: 'photo' }>;

/** The transition of a step: its body, with the time it was taken when there is one. */
export function transitionRequest(orderId: number, step: TransitionStep, takenAt: string | null | undefined): TransitionInput {
  const time = takenAt ? { occurred_at: takenAt } : {};
  switch (step.kind) {
    case 'arrived':
      return { action: 'arrived', id: orderId, body: { ...(step.position ? { position: step.position } : {}), ...time } };
    case 'waiting_store':
      return { action: 'waiting_store', id: orderId, body: { ...step.body, ...time } };
    case 'issue':
      return { action: 'issue', id: orderId, body: { ...step.body, ...time } };
    case 'complete':
      return { action: 'complete', id: orderId, body: { ...step.body, ...time } };
    default:
      return { action: step.kind, id: orderId, body: time };
  }
}

/**
 * A refusal of the step's time alone (400 naming only `occurred_at`: the phone's clock is
 * ahead, or behind the order's previous step). The step itself is fine; its time is not.
 */
export function refusesTimeOnly(status: number, errors: Record<string, string[]>): boolean {
  const fields = Object.keys(errors);
  return status === 400 && fields.length > 0 && fields.every((field) => field === 'occurred_at');
}
