import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Role } from '@app/shared/constants';
import { formatOrderNumber } from '@app/shared/format';
import { checkTransition, rulesFor, type OrderAction } from '@app/shared/order-machine';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@app/shared/order-status';
import type { AuthContext } from '../../auth/auth-context';
import { tenancyOf } from '../../auth/tenancy';
import type { Database, DbOrTx } from '../../db/database';
import { members } from '../../db/tables/members.table';
import { drivers } from '../../db/tables/partners.table';
import { conflict, fieldError, forbidden } from '../../http/http-error';
import type { SigningKeySet } from '../../auth/signing-keys';
import { shareInvoicing } from '../../money/invoices/invoicing-lock';
import { readOrderSettings } from '../../settings/order-settings';
import { creditWallets } from './credit-wallets';
import { closeSystemEscalations, openIssueEscalation } from './order-escalations';
import { notifyFarArrival, notifyTransition } from './order-notifications';
import { BUILT_IN_CHANNELS, type ConfiguredChannels } from '../../notifications/channels';
import { replaceLines, resolveLines, type LineInput } from './order-lines';
import { checkPickupWindow, checkWeighingPhoto } from './order-rules';
import { canActOnOrder, orderNotFound, relationHolds } from './order-scope';
import { snapshotLines } from './order-serializer';
import { inTransaction } from './order-transaction';
import { findOrder, findStore, insertEvent, loadLines, lockOrder, updateOrder } from './orders-repository';
import { orderTotals } from './pricing';
import { arrivalFacts, type ArrivalPosition } from './arrival';
import { judgeStepTime } from './step-time';
import { handoverCleared, handoverColumns } from './handover-code';
import { completionPayment, handoverFor, tryHandoverFirst, type Payment } from './household-completion';
import { queueHandoverSms, queueReceiptSms } from './household-sms';

/** What a transition's body may carry, after the shared schemas checked it. */
export interface TransitionInput {
  details?: readonly LineInput[] | undefined;
  reason?: string | null | undefined;
  /** waiting_driver: the driver of the order's city who takes it in this step. */
  driver_id?: number | null | undefined;
  /** When the step was taken (ISO 8601); absent: when it is received. */
  occurred_at?: string | undefined;
  /** arrived: where the phone was. */
  position?: ArrivalPosition | undefined;
  /** complete of a household's pickup: how the driver paid it at the door (design.md section 21). */
  payment?: Payment | undefined;
  /** complete by the driver from waiting_store: the code of the household's SMS. */
  handover_code?: string | undefined;
}

export interface TransitionOptions {
  /** The rules of Settings -> Order apply to every request; the demo seed records history as it happened. */
  enforceRules?: boolean;
  /** The time the pickup window is judged at (tests); else the step's time. */
  now?: Date;
  /** The configured channels the step's notifications may use (WhatsApp); unset: none (the demo seed). */
  channels?: ConfiguredChannels;
  /** The process's keys: a household's handover code is kept as an HMAC under one of their secrets. */
  keys?: SigningKeySet;
}

const forbiddenAction = (role: Role, action: OrderAction) => forbidden(`${role === 'admin' ? 'An' : 'A'} ${role} may not use "${action}" on an order`);

/** Status labels only, never the action's wire key: people read it (a driver's replayed step too); the codes ride beside it. */
function statusConflict(orderId: number, status: OrderStatus, allowedFrom: readonly OrderStatus[]) {
  const allowed = allowedFrom.map((s) => ORDER_STATUS_LABELS[s]).join(', ');
  const needs = allowedFrom.length === 1 ? allowed : `one of: ${allowed}`;
  return conflict(`Order ${formatOrderNumber(orderId)} is ${ORDER_STATUS_LABELS[status]} now; this step needs it to be ${needs}`, { order_status: status, allowed_statuses: [...allowedFrom] });
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
 * design.md section 7: an admin sends an order to the driver only when a driver holds it,
 * or names one of the order's city (an active driver member) who takes it in this step.
 */
async function driverFor(tx: DbOrTx, order: { id: number; cityId: number; driverId: number | null }, requested: number | null | undefined): Promise<number> {
  if (requested === undefined || requested === null) {
    if (order.driverId !== null) return order.driverId;
    throw fieldError('driver_id', `No driver holds order ${formatOrderNumber(order.id)} yet: choose a driver of its city to take it`);
  }
  const [driver] = await tx
    .select({ id: drivers.id })
    .from(drivers)
    .innerJoin(members, eq(members.driverId, drivers.id))
    .where(and(eq(drivers.id, requested), eq(drivers.cityId, order.cityId), eq(members.isVerified, true), isNull(members.disabledAt)))
    .limit(1);
  if (!driver) throw fieldError('driver_id', `Driver ${requested} is not an active driver of the order's city`);
  return driver.id;
}

/**
 * PATCH /orders/{action}/{id}/: one transaction that locks the order, checks the shared
 * transition table, the order rules and the step's time, writes the lines, the totals and
 * an event (with when the step was taken and, for an arrival, how far from the store's pin),
 * credits the wallets on completion, and tells whom it concerns (notifications, and the
 * change feed through the database's triggers). Racing clients queue on the row lock;
 * the losers see the new status: 409.
 */
export async function transitionOrder(
  db: Database,
  auth: AuthContext,
  action: OrderAction,
  orderId: number,
  input: TransitionInput,
  options: TransitionOptions = {},
): Promise<void> {
  const enforceRules = options.enforceRules ?? true;
  const handoverVerified = await tryHandoverFirst(db, auth, action, orderId, input, options.keys);
  await inTransaction(db, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || !canActOnOrder(tenancyOf(auth), order, action)) throw orderNotFound(orderId);
    const check = checkTransition(action, auth.role, order.status, order.customerKind);
    if (!check.ok) {
      throw check.reason === 'forbidden' ? forbiddenAction(auth.role, action) : statusConflict(order.id, order.status, check.allowedFrom);
    }
    const { rule } = check;
    // Before the completion's writes lock the vendor's kept sums: saving the company
    // information holds this lock while it issues the waiting invoices, which lock them too.
    if (rule.to === 'completed') await shareInvoicing(tx);
    // Tenancy already narrows a driver to its city's pending orders and its own, a store to its own.
    if (!relationHolds(rule.relation, auth, order)) throw orderNotFound(orderId);
    const payment = completionPayment(rule, order, auth, input, handoverVerified);

    // Judged on the locked order: no other step comes between the previous one and this.
    const occurredAt = await judgeStepTime(tx, order.id, input.occurred_at);
    const rules = enforceRules ? await readOrderSettings(tx) : null;
    let driverId = order.driverId;
    if (action === 'accepted') {
      // A pickup accepted offline in the window and sent after it closed was still accepted in it.
      if (rules) checkPickupWindow(rules, options.now ?? occurredAt ?? new Date());
      driverId = auth.driverId;
    }
    if (action === 'waiting_driver') driverId = await driverFor(tx, order, input.driver_id);
    if (rules && rule.body === 'weighed_lines') await checkWeighingPhoto(tx, rules, order.id);

    const before = await loadLines(tx, [order.id]);
    let after = before;
    const linesChange = rule.body === 'weighed_lines' || rule.body === 'admin_lines';
    if (linesChange) {
      const resolved = await resolveLines(tx, { cityId: order.cityId, inputs: input.details ?? [], existing: before, customer: order.customerKind });
      await replaceLines(tx, order.id, before, resolved);
      after = await loadLines(tx, [order.id]);
    }
    if (rule.to === 'completed' && after.some((l) => l.weightGrams === null)) {
      throw conflict(`Order ${formatOrderNumber(order.id)} has lines without a weight; they must be weighed before it is completed`);
    }

    const totals = orderTotals(after);
    const reason = input.reason?.trim() || null;
    const handover = handoverFor(rule, order, options.keys);
    await updateOrder(tx, order.id, {
      status: rule.to,
      driverId,
      ...totals,
      updatedAt: sql`now()`,
      ...(rule.to === 'completed' ? { completedAt: sql`now()` } : {}),
      ...(payment ? { paymentMethod: payment.method, paymentReference: payment.reference } : {}),
      ...(handover ? handoverColumns(handover.hash) : {}),
      ...((rule.to === 'completed' || rule.to === 'cancelled') && order.handoverCodeHash !== null ? handoverCleared : {}),
    });
    const store = await findStore(tx, order.storeId);
    const arrival = rule.body === 'arrival' ? arrivalFacts(input.position, store) : null;
    const eventId = await insertEvent(tx, {
      orderId: order.id,
      actorId: auth.memberId,
      action,
      fromStatus: order.status,
      toStatus: rule.to,
      reason,
      linesBefore: linesChange ? snapshotLines(before, order.customerKind) : null,
      linesAfter: linesChange ? snapshotLines(after, order.customerKind) : null,
      ...(occurredAt ? { occurredAt } : {}),
      ...arrival,
    });
    if (rule.to !== order.status) await closeSystemEscalations(tx, order.id, rule.to);
    if (rule.to === 'completed') {
      const completed = { id: order.id, vendorId: order.vendorId, customerKind: order.customerKind, driverId, vendorAmountPaise: totals.vendorAmountPaise, driverAmountPaise: totals.driverAmountPaise };
      await creditWallets(tx, completed);
      // The receipt creditWallets issued goes to the household's phone (design.md section 21).
      if (payment) await queueReceiptSms(tx, { id: order.id, storeId: order.storeId, totalWeightGrams: totals.totalWeightGrams, amountPaise: totals.vendorAmountPaise, payment });
    }
    if (handover) await queueHandoverSms(tx, { id: order.id, storeId: order.storeId, totalWeightGrams: totals.totalWeightGrams, amountPaise: totals.vendorAmountPaise }, handover.code);
    const notified = { id: order.id, storeId: order.storeId, vendorId: order.vendorId, driverId, storeName: store?.name ?? '' };
    if (rule.to === 'issue') await openIssueEscalation(tx, notified, { eventId, reason: reason ?? '', driverMemberId: auth.memberId });
    await notifyTransition(tx, notified, { to: rule.to, actorMemberId: auth.memberId, reason }, options.channels ?? BUILT_IN_CHANNELS);
    if (arrival && arrival.arrivedDistanceM !== null) {
      const radiusMetres = (rules ?? (await readOrderSettings(tx))).arrival_radius_m;
      if (arrival.arrivedDistanceM > radiusMetres) await notifyFarArrival(tx, notified, { driverName: auth.name, metres: arrival.arrivedDistanceM, radiusMetres });
    }
  });
}
