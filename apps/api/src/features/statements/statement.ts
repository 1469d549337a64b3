import { gramsToKg, paiseToRupees } from '@app/shared/money';
import type { Statement } from '@app/shared/schemas/money';
import type { DbOrTx } from '../../db/database';
import { dayRange } from '../../money/day-range';
import type { LedgerOwner } from '../../money/ledger-owner';
import { walletIdOf, type LedgerPeriod } from '../../money/ledger-pages';
import { statementSums } from './statement-sums';

/** A statement's figures for the whole period, and where its entries lie. */
export interface StatementHead {
  summary: Omit<Statement, 'entries'>;
  /** How many entries the period holds. */
  total: number;
  /** Null: no entry in the period (or no wallet yet). */
  period: LedgerPeriod | null;
}

/**
 * design.md sections 10 and 16: a ledger over India-time days [from, to]:
 * closing = opening + credits + adjustments - payouts, the same on every page of its entries.
 * Every figure comes from the sums the database keeps per wallet, India day and kind in the
 * transaction of each entry (wallet_day_sums, migration 0011), so a summary reads the
 * wallet's days, not its entries, and costs the same at 100 or 1,000,000 entries; nothing
 * needs keeping in the process between pages.
 */
export async function statementHead(
  db: DbOrTx,
  owner: LedgerOwner,
  name: string,
  { from, to }: { from?: string | undefined; to?: string | undefined },
): Promise<StatementHead> {
  const range = dayRange(from, to);
  const walletId = await walletIdOf(db, owner);
  const sums = walletId === null ? null : await statementSums(db, walletId, range);
  const opening = sums?.openingPaise ?? 0;
  const credits = sums?.creditsPaise ?? 0;
  const payouts = sums?.payoutsPaise ?? 0;
  const adjustments = sums?.adjustmentsPaise ?? 0;
  return {
    total: sums?.entries ?? 0,
    period: sums?.period ?? null,
    summary: {
      vendor_id: owner.type === 'vendor' ? owner.id : null,
      driver_id: owner.type === 'driver' ? owner.id : null,
      name,
      from: range.from,
      to: range.to,
      opening_balance: paiseToRupees(opening),
      credits: paiseToRupees(credits),
      payouts: paiseToRupees(payouts),
      adjustments: paiseToRupees(adjustments),
      closing_balance: paiseToRupees(opening + credits + adjustments - payouts),
      orders: sums?.orders ?? 0,
      weight: gramsToKg(sums?.weightGrams ?? 0),
    },
  };
}
