import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { gramsToKg, paiseToRupees } from '@app/shared/money';
import type { Statement } from '@app/shared/schemas/money';
import type { DbOrTx } from '../../db/database';
import { orders } from '../../db/tables/orders.table';
import { walletEntries } from '../../db/tables/wallets.table';
import { dayRange } from '../../money/day-range';
import type { LedgerOwner } from '../../money/ledger-owner';
import { walletIdOf } from '../../money/ledger-pages';
import { entryColumns, toLedgerEntry, type EntryRow } from '../../money/ledger-entry';

export interface StatementData {
  statement: Statement;
  rows: EntryRow[];
}

/**
 * design.md section 10: a ledger over India-time days [from, to]:
 * closing = opening + credits + adjustments - payouts, every figure from the entries.
 */
export async function buildStatement(db: DbOrTx, owner: LedgerOwner, name: string, from: string | undefined, to: string | undefined): Promise<StatementData> {
  const range = dayRange(from, to);
  const walletId = await walletIdOf(db, owner);
  let openingPaise = 0;
  let rows: EntryRow[] = [];
  if (walletId !== null) {
    const inWallet = eq(walletEntries.walletId, walletId);
    if (range.start) {
      const [opening] = await db
        .select({ sum: sql<string>`coalesce(sum(${walletEntries.amountPaise}), 0)::text` })
        .from(walletEntries)
        .where(and(inWallet, lt(walletEntries.createdAt, range.start)));
      openingPaise = Number(opening?.sum ?? 0);
    }
    rows = await db
      .select(entryColumns)
      .from(walletEntries)
      .where(and(inWallet, range.start ? gte(walletEntries.createdAt, range.start) : undefined, lt(walletEntries.createdAt, range.end)))
      .orderBy(asc(walletEntries.id));
  }
  let credits = 0;
  let payouts = 0;
  let adjustments = 0;
  const orderIds: number[] = [];
  for (const r of rows) {
    if (r.kind === 'order_credit') {
      credits += r.amountPaise;
      if (r.orderId !== null) orderIds.push(r.orderId);
    } else if (r.kind === 'payout') payouts -= r.amountPaise;
    else adjustments += r.amountPaise;
  }
  let weightGrams = 0;
  if (orderIds.length > 0) {
    const [w] = await db
      .select({ sum: sql<string>`coalesce(sum(${orders.totalWeightGrams}), 0)::text` })
      .from(orders)
      .where(inArray(orders.id, orderIds));
    weightGrams = Number(w?.sum ?? 0);
  }
  return {
    rows,
    statement: {
      vendor_id: owner.type === 'vendor' ? owner.id : null,
      driver_id: owner.type === 'driver' ? owner.id : null,
      name,
      from: range.from,
      to: range.to,
      opening_balance: paiseToRupees(openingPaise),
      credits: paiseToRupees(credits),
      payouts: paiseToRupees(payouts),
      adjustments: paiseToRupees(adjustments),
      closing_balance: paiseToRupees(openingPaise + credits + adjustments - payouts),
      orders: orderIds.length,
      weight: gramsToKg(weightGrams),
      entries: rows.map(toLedgerEntry),
    },
  };
}
