import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import type { DayRange } from '../../money/day-range';
import type { LedgerPeriod } from '../../money/ledger-pages';

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

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/**
 * One statement in one pass over the wallet's entries up to the period's end: the opening
 * balance is what came before `start`, the other sums what came within, and each order
 * credit of the period is joined to its order for the weight, so no list of ids leaves
 * the database and the answer is one row whatever the ledger's length. Sums are bigint,
 * read back as text, so no paisa passes through a float.
 *
 * Membership is by time, as the days say: an entry written just after midnight by a
 * transaction that began before it belongs to the day it began, so the opening is the sum
 * before `start` rather than the balance_after of the last entry by id, which would count
 * such an entry twice. No index orders a wallet's entries by time, so the entries before
 * `start` are visited either way; summing them in the same pass costs nothing more.
 */
export async function statementSums(db: DbOrTx, walletId: number, range: DayRange): Promise<StatementSums> {
  const inPeriod = range.start ? sql`e.created_at >= ${at(range.start)}` : sql`true`;
  const result = (await db.execute(sql`
    select
      coalesce(sum(e.amount_paise) filter (where not (${inPeriod})), 0)::text as opening,
      coalesce(sum(e.amount_paise) filter (where ${inPeriod} and e.kind = 'order_credit'), 0)::text as credits,
      coalesce(-sum(e.amount_paise) filter (where ${inPeriod} and e.kind = 'payout'), 0)::text as payouts,
      coalesce(sum(e.amount_paise) filter (where ${inPeriod} and e.kind = 'adjustment'), 0)::text as adjustments,
      count(*) filter (where ${inPeriod})::text as entries,
      count(e.order_id) filter (where ${inPeriod} and e.kind = 'order_credit')::text as orders,
      coalesce(sum(o.total_weight_grams), 0)::text as weight,
      min(e.id) filter (where ${inPeriod})::text as first_id,
      max(e.id) filter (where ${inPeriod})::text as last_id
    from wallet_entries e
    left join orders o on e.kind = 'order_credit' and ${inPeriod} and o.id = e.order_id
    where e.wallet_id = ${walletId} and e.created_at < ${at(range.end)}`)) as unknown as { rows: SumsRow[] };
  const r = result.rows[0];
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
