import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { formatOrderNumber } from '@app/shared/format';
import type { createEscalationRequestSchema } from '@app/shared/schemas/escalations';
import type { Database } from '../../db/database';
import { escalations } from '../../db/tables/escalations.table';
import { orders } from '../../db/tables/orders.table';
import type { AuthContext } from '../../auth/auth-context';
import { tenancyOf } from '../../auth/tenancy';
import { fieldError, forbidden } from '../../http/http-error';
import { notifyAdmins } from '../../notifications/notify';

type CreateEscalation = z.output<typeof createEscalationRequestSchema>;

/** Who raises it: a store, or a vendor; nobody else raises escalations. */
function raiser(auth: AuthContext): { storeId: number | null; vendorId: number | null } {
  const tenancy = tenancyOf(auth);
  if (tenancy.kind === 'store') return { storeId: tenancy.storeId, vendorId: null };
  if (tenancy.kind === 'vendor') return { storeId: null, vendorId: tenancy.vendorId };
  throw forbidden('Only stores and vendors raise escalations');
}

/**
 * A store or vendor raises an issue, optionally about one of its orders; every admin is
 * notified in the same transaction. Answers the new escalation's id.
 */
export async function createEscalation(db: Database, auth: AuthContext, body: CreateEscalation): Promise<number> {
  const { storeId, vendorId } = raiser(auth);
  const orderId = body.order_id ?? null;
  if (orderId !== null) {
    // An order the caller cannot see is indistinguishable from one that does not exist.
    const ownOrder = storeId !== null ? eq(orders.storeId, storeId) : eq(orders.vendorId, vendorId!);
    const [order] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, orderId), ownOrder)).limit(1);
    if (!order) throw fieldError('order_id', `No order ${formatOrderNumber(orderId)} of yours`);
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(escalations)
      .values({ storeId, vendorId, orderId, createdBy: auth.memberId, subject: body.subject, description: body.description })
      .returning({ id: escalations.id });
    const id = row!.id;
    const about = orderId === null ? '' : ` about order ${formatOrderNumber(orderId)}`;
    await notifyAdmins(tx, {
      title: `New escalation #${id}: ${body.subject}`,
      body: `${auth.name} (${auth.role}) raised an issue${about}: ${body.description}`.slice(0, 1000),
      link: `/Admin/Escalations/IssueDetail?id=${id}`,
    });
    return id;
  });
}
