import { formatOrderNumber } from '@app/shared/format';
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
