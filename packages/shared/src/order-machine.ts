import type { CustomerKind, Role } from './constants';
import { ORDER_STATUSES, type OrderStatus } from './order-status';

// The one table of design.md section 7. The API enforces it, the web app derives its
// buttons from it, and the tests walk it row by row.

export const ORDER_ACTIONS = [
  'accepted',
  'moving',
  'arrived',
  'waiting_store',
  'complete',
  'waiting_admin',
  'waiting_driver',
  'issue',
  'cancel',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/**
 * What the request body of a transition carries. `step`: nothing, or when it was taken
 * (`occurred_at`, design.md section 18); `arrival`: that and where the phone was. `call_reason`: the store's call to the
 * admin, with no body (the spec's "no payload") or a short `{reason}` (decision 031).
 */
export type TransitionBody = 'step' | 'arrival' | 'weighed_lines' | 'admin_lines' | 'reason' | 'optional_reason' | 'call_reason' | 'completion';

/**
 * Who may act, beyond the role: `own_store` is the order's store, `own_driver` the
 * driver assigned to the order, `city_driver` any driver of the store's city.
 */
export type ActorRelation = 'any_admin' | 'own_store' | 'own_driver' | 'city_driver';

// A household acts on its own pickups as a store does on its own (`own_store`: the order's
// store is the household's home). `completion` carries how the household was paid and, when
// the driver completes for it, the handover code from its SMS (design.md section 21).

export interface TransitionRule {
  action: OrderAction;
  role: Role;
  relation: ActorRelation;
  from: readonly OrderStatus[];
  to: OrderStatus;
  body: TransitionBody;
  /** Only for orders of this kind of customer; absent: any. */
  customer?: CustomerKind;
}

const allBut = (...excluded: OrderStatus[]): OrderStatus[] => ORDER_STATUSES.filter((s) => !excluded.includes(s));

export const TRANSITIONS: readonly TransitionRule[] = [
  { action: 'accepted', role: 'driver', relation: 'city_driver', from: ['pending'], to: 'accepted', body: 'step' },
  { action: 'moving', role: 'driver', relation: 'own_driver', from: ['accepted'], to: 'moving', body: 'step' },
  { action: 'arrived', role: 'driver', relation: 'own_driver', from: ['moving'], to: 'arrived', body: 'arrival' },
  { action: 'waiting_store', role: 'driver', relation: 'own_driver', from: ['arrived'], to: 'waiting_store', body: 'weighed_lines' },
  { action: 'complete', role: 'store', relation: 'own_store', from: ['waiting_store'], to: 'completed', body: 'step' },
  { action: 'complete', role: 'household', relation: 'own_store', from: ['waiting_store'], to: 'completed', body: 'completion', customer: 'household' },
  // No phone at hand: the household tells the driver the code its SMS carries.
  { action: 'complete', role: 'driver', relation: 'own_driver', from: ['waiting_store'], to: 'completed', body: 'completion', customer: 'household' },
  { action: 'complete', role: 'driver', relation: 'own_driver', from: ['waiting_driver'], to: 'completed', body: 'completion' },
  { action: 'waiting_admin', role: 'store', relation: 'own_store', from: ['waiting_store'], to: 'waiting_admin', body: 'call_reason' },
  { action: 'waiting_admin', role: 'household', relation: 'own_store', from: ['waiting_store'], to: 'waiting_admin', body: 'call_reason', customer: 'household' },
  { action: 'waiting_driver', role: 'admin', relation: 'any_admin', from: allBut('completed', 'cancelled'), to: 'waiting_driver', body: 'admin_lines' },
  { action: 'issue', role: 'driver', relation: 'own_driver', from: ['accepted', 'moving', 'arrived'], to: 'issue', body: 'reason' },
  { action: 'cancel', role: 'store', relation: 'own_store', from: ['pending', 'accepted'], to: 'cancelled', body: 'optional_reason' },
  { action: 'cancel', role: 'household', relation: 'own_store', from: ['pending', 'accepted'], to: 'cancelled', body: 'optional_reason', customer: 'household' },
  // An order already cancelled cannot be cancelled again: the second click is a 409, not a second event.
  { action: 'cancel', role: 'admin', relation: 'any_admin', from: allBut('completed', 'cancelled'), to: 'cancelled', body: 'optional_reason' },
];

export type TransitionCheck =
  | { ok: true; rule: TransitionRule }
  /** The role may never take this action: 403. */
  | { ok: false; reason: 'forbidden' }
  /** The role may, but not from this status: 409. */
  | { ok: false; reason: 'conflict'; allowedFrom: readonly OrderStatus[] };

export function isOrderAction(value: string): value is OrderAction {
  return (ORDER_ACTIONS as readonly string[]).includes(value);
}

/** The rules of an action for a role; with `customer`, only those that apply to that kind of customer's orders. */
export function rulesFor(action: OrderAction, role: Role, customer?: CustomerKind): TransitionRule[] {
  return TRANSITIONS.filter((t) => t.action === action && t.role === role && (customer === undefined || t.customer === undefined || t.customer === customer));
}

export function checkTransition(action: OrderAction, role: Role, status: OrderStatus, customer?: CustomerKind): TransitionCheck {
  const rules = rulesFor(action, role, customer);
  if (rules.length === 0) return { ok: false, reason: 'forbidden' };
  const rule = rules.find((r) => r.from.includes(status));
  if (!rule) return { ok: false, reason: 'conflict', allowedFrom: [...new Set(rules.flatMap((r) => r.from))] };
  return { ok: true, rule };
}

/** The actions a role could take on an order in this status (before relation checks). */
export function actionsFor(role: Role, status: OrderStatus, customer?: CustomerKind): OrderAction[] {
  return TRANSITIONS.filter((t) => t.role === role && t.from.includes(status) && (customer === undefined || t.customer === undefined || t.customer === customer)).map(
    (t) => t.action,
  );
}

/** Approve and call admin: visible to an admin unless completed, to a store only in waiting_store (product-spec.md section 4). */
export function canReviewOrder(role: Role, status: OrderStatus): boolean {
  if (role === 'admin') return status !== 'completed';
  if (role === 'store' || role === 'household') return status === 'waiting_store';
  return false;
}
