import { and, count, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { PayoutStatus } from '@app/shared/schemas/money';
import type { DbOrTx } from '../../db/database';
import { members } from '../../db/tables/members.table';
import { drivers, vendors } from '../../db/tables/partners.table';
import { payouts } from '../../db/tables/payouts.table';
import { pageOf } from '../../http/paging';

export type PayoutRow = typeof payouts.$inferSelect;

const payeeName = sql<string>`coalesce(
  ${vendors.companyName},
  (select ${members.name} from ${members} where ${members.driverId} = ${payouts.driverId} order by ${members.id} limit 1),
  'Driver ' || ${payouts.driverId}
)`;

function selectPayouts(db: DbOrTx) {
  return db
    .select({ payout: payouts, payeeName })
    .from(payouts)
    .leftJoin(vendors, eq(vendors.id, payouts.vendorId))
    .leftJoin(drivers, eq(drivers.id, payouts.driverId));
}
export type PayoutWithPayee = { payout: PayoutRow; payeeName: string };

export async function findPayout(db: DbOrTx, id: number): Promise<PayoutWithPayee | null> {
  const [row] = await selectPayouts(db).where(eq(payouts.id, id)).limit(1);
  return row ?? null;
}

export async function findByIdempotencyKey(db: DbOrTx, memberId: number, key: string): Promise<PayoutRow | null> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.requestedBy, memberId), eq(payouts.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

export interface PayoutFilters {
  status?: PayoutStatus | undefined;
  vendorId?: number | undefined;
  driverId?: number | undefined;
  limit: number;
  cursor: number | null;
}

export async function listPayouts(db: DbOrTx, filters: PayoutFilters) {
  const where: SQL | undefined = and(
    filters.status === undefined ? undefined : eq(payouts.status, filters.status),
    filters.vendorId === undefined ? undefined : eq(payouts.vendorId, filters.vendorId),
    filters.driverId === undefined ? undefined : eq(payouts.driverId, filters.driverId),
  );
  const [rows, [total]] = await Promise.all([
    selectPayouts(db)
      .where(and(where, filters.cursor === null ? undefined : lt(payouts.id, filters.cursor)))
      .orderBy(desc(payouts.id))
      .limit(filters.limit + 1),
    db.select({ n: count() }).from(payouts).where(where),
  ]);
  return { ...pageOf(rows, filters.limit, (r) => r.payout.id), total: total?.n ?? 0 };
}

/** Moves a payout out of `requested`; null when it is no longer `requested` (someone decided first). */
export async function decide(
  tx: DbOrTx,
  id: number,
  change: { status: Exclude<PayoutStatus, 'requested'>; decidedBy: number; reference?: string; reason?: string },
): Promise<PayoutRow | null> {
  const [row] = await tx
    .update(payouts)
    .set({ status: change.status, decidedBy: change.decidedBy, reference: change.reference ?? null, reason: change.reason ?? null, decidedAt: sql`now()` })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'requested')))
    .returning();
  return row ?? null;
}
