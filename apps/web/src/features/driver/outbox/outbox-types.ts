import type { OrderStatus } from '@app/shared/order-status';
import type { PositionInput } from '@app/shared/schemas/geo';
import type { IssueBody, WeighedLinesBody } from '@app/shared/schemas/orders';
import type { PaymentInput } from '@app/shared/schemas/households';

// What the driver's outbox holds (design.md section 15): every driver action, kept on the
// device until the server has answered it, in the order it was taken.

/** The driver's steps that go through the outbox, with the body each sends. */
export type OutboxStep =
  | { kind: 'accepted' }
  | { kind: 'moving' }
  /** Where the phone was, when it could tell quickly (design.md section 18). */
  | { kind: 'arrived'; position?: PositionInput }
  | { kind: 'waiting_store'; body: WeighedLinesBody }
  | { kind: 'issue'; body: IssueBody }
  /** A household's pickup after the admin's corrections: how the driver paid it (design.md section 21). */
  | { kind: 'complete'; body?: { payment: PaymentInput } }
  /** A photo of the load, already shrunk on the phone. */
  | { kind: 'photo'; blob: Blob; name: string };

export type OutboxStepKind = OutboxStep['kind'];

/** Why the server refused an action: its status and its message as the server wrote it (English). */
export interface OutboxRefusal {
  status: number;
  detail: string;
  errors: Record<string, string[]>;
  /** Refused for the order's status: the status then and the ones the step needed, shown as labels in the driver's language (absent in entries kept before). */
  statuses?: { now: OrderStatus; needed: OrderStatus[] };
}

export interface OutboxEntry {
  /** Sending order: IndexedDB's auto-increment key. */
  seq: number;
  /** The member who took the action: only that member's session sends it. */
  memberId: number;
  orderId: number;
  step: OutboxStep;
  /** Sent as Idempotency-Key on every try, so a try whose answer was lost is not done twice. */
  key: string;
  createdAt: number;
  /**
   * When the driver took the step (ISO 8601), sent as its `occurred_at` on every try. Null:
   * sent without one (a photo, or a step whose time the server refused: decision 073).
   * Absent in entries kept by an older version, which are sent without one too.
   */
  takenAt?: string | null;
  /** True once the server refused the phone's time and the step went on with the time it is received. */
  retimed?: boolean;
  /** Tries that got no answer (no network, the server busy or down). */
  attempts: number;
  /** Epoch ms before which it is not tried again (backoff). */
  nextAttemptAt: number;
  /** The last reason it could not be sent yet (for the list). */
  lastError: string | null;
  /** Set when the server said no: kept, listed, until the driver discards it. */
  refusal: OutboxRefusal | null;
}

export type NewOutboxEntry = Omit<OutboxEntry, 'seq'>;
