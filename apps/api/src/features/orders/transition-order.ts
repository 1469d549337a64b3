import { sql } from 'drizzle-orm';
import type { Role } from '@app/shared/constants';
import { formatOrderNumber } from '@app/shared/format';
import { checkTransition, rulesFor, type OrderAction } from '@app/shared/order-machine';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@app/shared/order-status';
import type { AuthContext } from '../../auth/auth-context';
import { tenancyOf } from '../../auth/tenancy';
import type { Database, DbOrTx } from '../../db/database';
import { conflict, forbidden } from '../../http/http-error';
import { creditWallets } from './credit-wallets';
import { replaceLines, resolveLines, type LineInput } from './order-lines';
import { canActOnOrder, orderNotFound, relationHolds } from './order-scope';
import { snapshotLines } from './order-serializer';
import { inTransaction } from './order-transaction';
import { findOrder, insertEvent, loadLines, lockOrder, updateOrder } from './orders-repository';
import { orderTotals } from './pricing';

/** What a transition's body may carry, after the shared schemas checked it. */
export interface TransitionInput {
  details?: readonly LineInput[] | undefined;
  reason?: string | null | undefined;
}

const forbiddenAction = (role: Role, action: OrderAction) => forbidden(`${role === 'admin' ? 'An' : 'A'} ${role} may not use "${action}" on an order`);

function statusConflict(orderId: number, status: OrderStatus, action: OrderAction, allowedFrom: readonly OrderStatus[]) {
  const allowed = allowedFrom.map((s) => ORDER_STATUS_LABELS[s]).join(', ');
  return conflict(`Order ${formatOrderNumber(orderId)} is ${ORDER_STATUS_LABELS[status]} now; "${action}" needs it to be one of: ${allowed}`);
}

/**
 * The cheap answers before a body is even read: an order the caller may not see is 404,
 * whatever the role and the body (design.md section 4); an action the role never takes is
 * 403. The transaction below checks both again on the locked row.
 */
export async function precheckTransition(db: DbOrTx, auth: AuthContext, action: OrderAction, orderId: number): Promise<void> {
  const order = await findOrder(db, orderId);
  if (!order || !canActOnOrder(tenancyOf(auth), order, action)) throw orderNotFound(orderId);
  if (rulesFor(action, auth.role).length === 0) throw forbiddenAction(auth.role, action);
}

/**
 * PATCH /orders/{action}/{id}/: one transaction that locks the order, checks the shared
 * transition table, writes the lines, the totals and an event, and on completion credits
 * the wallets. Racing clients queue on the row lock; the losers see the new status: 409.
 */
export async function transitionOrder(db: Database, auth: AuthContext, action: OrderAction, orderId: number, input: TransitionInput): Promise<void> {
  await inTransaction(db, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || !canActOnOrder(tenancyOf(auth), order, action)) throw orderNotFound(orderId);
    const check = checkTransition(action, auth.role, order.status);
    if (!check.ok) {
      throw check.reason === 'forbidden' ? forbiddenAction(auth.role, action) : statusConflict(order.id, order.status, action, check.allowedFrom);
    }
    const { rule } = check;
    // Tenancy already narrows a driver to its city's pending orders and its own, a store to its own.
    if (!relationHolds(rule.relation, auth, order)) throw orderNotFound(orderId);

    const before = await loadLines(tx, [order.id]);
    let after = before;
    const linesChange = rule.body === 'weighed_lines' || rule.body === 'admin_lines';
    if (linesChange) {
      const resolved = await resolveLines(tx, { cityId: order.cityId, inputs: input.details ?? [], existing: before });
      await replaceLines(tx, order.id, before, resolved);
      after = await loadLines(tx, [order.id]);
    }
    if (rule.to === 'completed' && after.some((l) => l.weightGrams === null)) {
      throw conflict(`Order ${formatOrderNumber(order.id)} has lines without a weight; they must be weighed before it is completed`);
    }

    const totals = orderTotals(after);
    const driverId = action === 'accepted' ? auth.driverId : order.driverId;
    await updateOrder(tx, order.id, {
      status: rule.to,
      driverId,
      ...totals,
      updatedAt: sql`now()`,
      ...(rule.to === 'completed' ? { completedAt: sql`now()` } : {}),
    });
    await insertEvent(tx, {
      orderId: order.id,
      actorId: auth.memberId,
      action,
      fromStatus: order.status,
      toStatus: rule.to,
      reason: input.reason?.trim() || null,
      linesBefore: linesChange ? snapshotLines(before) : null,
      linesAfter: linesChange ? snapshotLines(after) : null,
    });
    if (rule.to === 'completed') {
      await creditWallets(tx, { id: order.id, vendorId: order.vendorId, driverId, vendorAmountPaise: totals.vendorAmountPaise, driverAmountPaise: totals.driverAmountPaise });
    }
  });
}
