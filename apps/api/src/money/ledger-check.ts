import { sql } from 'drizzle-orm';
import { paiseToRupees } from '@app/shared/money';
import type { LedgerCheck } from '@app/shared/schemas/money';
import type { DbOrTx } from '../db/database';
import { queryRow } from '../db/sql-rows';

/**
 * Over all time: every wallet's entries add up to its balance (and its newest entry's
 * balance_after says the same), and the credits equal what completed orders owe: the
 * vendor amount (the invoice total for a GST-registered vendor) and the driver amount. A
 * household's pickup owes its b2c amount to the driver who paid it at the door: that
 * credit is a household_payment entry, so credits are order credits and household payments
 * (design.md section 21; its orders owe under vendor 0, migration 0023).
 *
 * Reads the sums the database keeps (migration 0010: entries per wallet and kind, what
 * completed orders owe per vendor) and each wallet's newest entry through its index, so
 * the cost follows the number of wallets, not of entries or orders (design.md section 16).
 * The kept sums follow every write to the entries, so a tampered entry amount still shows
 * against its wallet's balance, and a tampered balance against its entries.
 */
export async function ledgerCheck(db: DbOrTx): Promise<LedgerCheck> {
  const r = await queryRow<Record<'credited' | 'paid_out' | 'balances' | 'unbalanced' | 'owed', string>>(
    db,
    sql`
      with per_wallet as (
        select w.id, w.balance_paise,
          coalesce((select sum(s.amount_paise) from wallet_entry_sums s where s.wallet_id = w.id), 0) as entries_sum,
          coalesce((select e.balance_after_paise from wallet_entries e where e.wallet_id = w.id order by e.id desc limit 1), 0) as last_after
        from wallets w
      )
      select
        (select coalesce(sum(amount_paise), 0) from wallet_entry_sums where kind in ('order_credit', 'household_payment'))::text as credited,
        (select coalesce(-sum(amount_paise), 0) from wallet_entry_sums where kind = 'payout')::text as paid_out,
        (select coalesce(sum(balance_paise), 0) from wallets)::text as balances,
        (select count(*) from per_wallet where entries_sum <> balance_paise or last_after <> balance_paise)::text as unbalanced,
        (select coalesce(sum(owed_paise), 0) from completed_order_owed)::text as owed`,
  );
  const credited = Number(r?.credited ?? 0);
  return {
    credited: paiseToRupees(credited),
    paid_out: paiseToRupees(Number(r?.paid_out ?? 0)),
    balances: paiseToRupees(Number(r?.balances ?? 0)),
    balanced: Number(r?.unbalanced ?? 0) === 0 && credited === Number(r?.owed ?? 0),
  };
}
