import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { formatOrderNumber } from '@app/shared/format';
import type { createEscalationRequestSchema } from '@app/shared/schemas/escalations';
import type { Database } from '../../db/database';
import { escalations } from '../../db/tables/escalations.table';
import { orders } from '../../db/tables/orders.table';
import { stores } from '../../db/tables/partners.table';
import type { AuthContext } from '../../auth/auth-context';
import { tenancyOf } from '../../auth/tenancy';
import { fieldError, forbidden } from '../../http/http-error';
import { notifyAdmins } from '../../notifications/notify';

type CreateEscalation = z.output<typeof createEscalationRequestSchema>;

/** Who raises it: a store, or a vendor; nobody else raises escalations. */
interface Raiser {
  storeId: number | null;
  vendorId: number | null;
}

function raiser(auth: AuthContext): Raiser {
  const tenancy = tenancyOf(auth);
  if (tenancy.kind === 'store') return { storeId: tenancy.storeId, vendorId: null };
  if (tenancy.kind === 'vendor') return { storeId: null, vendorId: tenancy.vendorId };
  throw forbidden('Only stores and vendors raise escalations');
}

/**
 * The vendor the escalation belongs to (design.md section 17): the order's, when it is about
 * one (a store moved since keeps the order with its old vendor), else the raising vendor, else
 * the store's vendor read in the insert itself, so a move committed just before is seen.
 * A store without a vendor raises escalations no vendor reads.
 */
function owningVendor(raisedBy: Raiser, orderVendorId: number | null): number | SQL {
  if (orderVendorId !== null) return orderVendorId;
  if (raisedBy.vendorId !== null) return raisedBy.vendorId;
  return sql`(select ${stores.vendorId} from ${stores} where ${stores.id} = ${raisedBy.storeId})`;
}

/**
 * A store or vendor raises an issue, optionally about one of its orders; every admin is
 * notified in the same transaction. Answers the new escalation's id.
 */
export async function createEscalation(db: Database, auth: AuthContext, body: CreateEscalation): Promise<number> {
  const raisedBy = raiser(auth);
  const { storeId, vendorId } = raisedBy;
  const orderId = body.order_id ?? null;
  let orderVendorId: number | null = null;
  if (orderId !== null) {
    // An order the caller cannot see is indistinguishable from one that does not exist.
    const ownOrder = storeId !== null ? eq(orders.storeId, storeId) : eq(orders.vendorId, vendorId!);
    const [order] = await db.select({ vendorId: orders.vendorId }).from(orders).where(and(eq(orders.id, orderId), ownOrder)).limit(1);
    if (!order) throw fieldError('order_id', `No order ${formatOrderNumber(orderId)} of yours`);
    orderVendorId = order.vendorId;
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(escalations)
      .values({ storeId, vendorId: owningVendor(raisedBy, orderVendorId), orderId, createdBy: auth.memberId, subject: body.subject, description: body.description })
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
