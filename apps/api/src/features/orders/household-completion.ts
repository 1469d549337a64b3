import type { CustomerKind } from '@app/shared/constants';
import type { OrderAction, TransitionRule } from '@app/shared/order-machine';
import type { OrderStatus } from '@app/shared/order-status';
import type { AuthContext } from '../../auth/auth-context';
import type { SigningKeySet } from '../../auth/signing-keys';
import type { Database } from '../../db/database';
import { fieldError, transientConflict } from '../../http/http-error';
import { HANDOVER_MESSAGES, newHandoverCode, tryHandoverCode } from './handover-code';

// Completing a household's pickup (design.md section 21): the driver paid the household at
// the door, and the completion says how; the driver completing for a household with no phone
// at hand brings the code of its SMS. A store's pickup takes neither.

export interface Payment {
  method: 'cash' | 'upi';
  reference: string | null;
}

/** What a completion's body may carry beyond the step's time. */
export interface CompletionInput {
  payment?: Payment | undefined;
  handover_code?: string | undefined;
}

const PAYMENT_MISSING = 'Say how the household was paid: {"method": "cash"} or {"method": "upi", "reference": "<12 digits>"}';
export const STORE_NOT_PAID = 'Only a household\'s pickup is paid at the door';

/**
 * The driver's handover code, tried (and the try counted) in a statement of its own before the
 * completion's transaction: a wrong code's 400 rolls the completion back, not its count. Answers
 * whether the code was right for the driver's own household pickup waiting for the household.
 */
export async function tryHandoverFirst(db: Database, auth: AuthContext, action: OrderAction, orderId: number, input: CompletionInput, keys: SigningKeySet | undefined): Promise<boolean> {
  if (action !== 'complete' || auth.role !== 'driver' || auth.driverId === null || input.handover_code === undefined) return false;
  // Said before a try is spent on a completion that could not go through anyway.
  if (!input.payment) throw fieldError('payment', PAYMENT_MISSING);
  return tryHandoverCode(db, keysOf(keys), { orderId, driverId: auth.driverId, code: input.handover_code });
}

/**
 * What the completion records, judged on the locked order: a household's pickup needs how it
 * was paid and, when its driver completes it from waiting_store, the code tried before
 * (`handoverVerified`); a store's takes neither. 400 naming the field.
 */
export function completionPayment(
  rule: TransitionRule,
  order: { customerKind: CustomerKind; status: OrderStatus },
  auth: AuthContext,
  input: CompletionInput,
  handoverVerified: boolean,
): Payment | null {
  if (rule.to !== 'completed') return null;
  if (order.customerKind === 'store') {
    if (input.payment) throw fieldError('payment', STORE_NOT_PAID);
    if (input.handover_code !== undefined) throw fieldError('handover_code', HANDOVER_MESSAGES.storeOrder);
    return null;
  }
  if (!input.payment) throw fieldError('payment', PAYMENT_MISSING);
  if (auth.role === 'driver' && order.status === 'waiting_store' && !handoverVerified) {
    if (input.handover_code === undefined) throw fieldError('handover_code', HANDOVER_MESSAGES.missing);
    // The code was tried while the order stood elsewhere (it changed a moment ago): try again.
    throw transientConflict('The order changed meanwhile. Reload it and try again.');
  }
  return input.payment;
}

/** A household's pickup weighed: a new code for its SMS; null for a store's pickup or another step. */
export function handoverFor(rule: TransitionRule, order: { id: number; customerKind: CustomerKind }, keys: SigningKeySet | undefined) {
  return rule.to === 'waiting_store' && order.customerKind === 'household' ? newHandoverCode(keysOf(keys), order.id) : null;
}

function keysOf(keys: SigningKeySet | undefined): SigningKeySet {
  if (!keys) throw new Error('a household\'s handover code needs the signing keys');
  return keys;
}
