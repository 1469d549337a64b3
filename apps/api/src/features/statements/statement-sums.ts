import { sql } from 'drizzle-orm';
import { istDay } from '@app/shared/india-time';
import type { DbOrTx } from '../../db/database';
import type { DayRange } from '../../money/day-range';
import type { LedgerPeriod } from '../../money/ledger-pages';
import { queryRow } from '../../db/sql-rows';

/** A statement's figures over its whole period, in paise and grams. */
export interface StatementSums {
  openingPaise: number;
  creditsPaise: number;
  /** Paid out, as a positive number. */
  payoutsPaise: number;
  adjustmentsPaise: number;
  /** How many entries the period holds (X-Total-Count). */
  entries: number;
  orders: number;
  weightGrams: number;
  /** Null when the period holds no entry. */
  period: LedgerPeriod | null;
}

interface SumsRow {
  opening: string;
  credits: string;
  payouts: string;
  adjustments: string;
  entries: string;
  orders: string;
  weight: string;
  first_id: string | null;
  last_id: string | null;
}

/**
 * A statement from the wallet's kept day sums (wallet_day_sums, migration 0011): per India
 * day of created_at and kind, the entries' count, amount, the credited orders' weight and
 * the smallest and largest id. A period is India days and starts and ends at India
 * midnights, so it is exactly the rows of its days: the opening balance is the days before,
 * the other figures the days within. That reads about three rows per day of the wallet's
 * history, never its entries, so the cost does not grow with how many there are. Sums are
 * bigint, read back as text, so no paisa passes through a float.
 *
 * Credits are order credits and, for a driver, household payments (design.md section 21:
 * what it paid households at the door, repaid like its earnings); orders and weight count
 * the order credits, one per order.
 *
 * The period's first and last ids are over its days by created_at, so every entry of the
 * period, however its id and time disagree (a transaction across midnight, the demo's
 * backdated history), lies between them: the pages walk the wallet index from one to the
 * other (ledger-pages.ts).
 */
export async function statementSums(db: DbOrTx, walletId: number, range: DayRange): Promise<StatementSums> {
  // [start, end) as days: each is an India midnight, the start of the day istDay names.
  const inPeriod = range.start ? sql`day >= ${istDay(range.start)}::date` : sql`true`;
  const r = await queryRow<SumsRow>(
    db,
    sql`
    select
      coalesce(sum(amount_paise) filter (where not (${inPeriod})), 0)::text as opening,
      coalesce(sum(amount_paise) filter (where ${inPeriod} and kind in ('order_credit', 'household_payment')), 0)::text as credits,
      coalesce(-sum(amount_paise) filter (where ${inPeriod} and kind = 'payout'), 0)::text as payouts,
      coalesce(sum(amount_paise) filter (where ${inPeriod} and kind = 'adjustment'), 0)::text as adjustments,
      coalesce(sum(entry_count) filter (where ${inPeriod}), 0)::text as entries,
      coalesce(sum(entry_count) filter (where ${inPeriod} and kind = 'order_credit'), 0)::text as orders,
      coalesce(sum(weight_grams) filter (where ${inPeriod} and kind = 'order_credit'), 0)::text as weight,
      min(min_id) filter (where ${inPeriod})::text as first_id,
      max(max_id) filter (where ${inPeriod})::text as last_id
    from wallet_day_sums
    where wallet_id = ${walletId} and day < ${istDay(range.end)}::date`,
  );
  if (!r) throw new Error('an aggregate without a row');
  return {
    openingPaise: Number(r.opening),
    creditsPaise: Number(r.credits),
    payoutsPaise: Number(r.payouts),
    adjustmentsPaise: Number(r.adjustments),
    entries: Number(r.entries),
    orders: Number(r.orders),
    weightGrams: Number(r.weight),
    period: r.first_id === null || r.last_id === null ? null : { walletId, start: range.start, end: range.end, firstId: Number(r.first_id), lastId: Number(r.last_id) },
  };
}
