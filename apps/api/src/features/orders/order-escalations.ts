import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { formatOrderNumber, formatReadableTime } from '@app/shared/format';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@app/shared/order-status';
import type { DbOrTx } from '../../db/database';
import { escalations } from '../../db/tables/escalations.table';
import { en } from '../../mail/templates/en';
import type { NotifiedOrder } from './order-notifications';

/**
 * A driver's `issue` opens an escalation at once, so it shows in Escalations and in the
 * dashboard's "Waiting for you" (its admins are told by the transition's notification).
 * It is filed under the order's store and belongs to the order's vendor, so both see it
 * too, and it remembers the event that began the stay: the scheduler then opens no second one.
 */
export async function openIssueEscalation(tx: DbOrTx, order: NotifiedOrder, issue: { eventId: number; reason: string; driverMemberId: number }): Promise<void> {
  await tx
    .insert(escalations)
    .values({
      storeId: order.storeId,
      vendorId: order.vendorId,
      orderId: order.id,
      createdBy: issue.driverMemberId,
      subject: en.escalation.issueSubject(formatOrderNumber(order.id)),
      description: issue.reason.slice(0, 2000) || '-',
      orderEventId: issue.eventId,
    })
    .onConflictDoNothing({ target: escalations.orderEventId });
}

/**
 * An escalation the system opened because the order stood too long in a status ends when
 * the order leaves that status (design.md section 23), in the transition's transaction, by
 * whoever moved it. Ones a person raised (a driver's issue, a store's question) stay for an
 * admin to answer. Answers how many it closed.
 */
export async function closeSystemEscalations(tx: DbOrTx, orderId: number, to: OrderStatus, at: Date = new Date()): Promise<number> {
  const closed = await tx
    .update(escalations)
    .set({
      status: 'resolved',
      resolution: en.escalation.closedWithOrder(formatOrderNumber(orderId), ORDER_STATUS_LABELS[to], formatReadableTime(at)),
      resolvedAt: sql`now()`,
    })
    .where(and(eq(escalations.orderId, orderId), isNull(escalations.createdBy), isNotNull(escalations.orderEventId), ne(escalations.status, 'resolved')))
    .returning({ id: escalations.id });
  return closed.length;
}
