import { paiseToRupees } from '@app/shared/money';
import type { LedgerEntry } from '@app/shared/schemas/money';
import type { LedgerKind } from '@app/shared/schemas/money';
import { walletEntries } from '../db/tables/wallets.table';

// A ledger entry as read from wallet_entries, and as the wire shows it.

export interface EntryRow {
  id: number;
  walletId: number;
  kind: LedgerKind;
  orderId: number | null;
  payoutId: number | null;
  amountPaise: number;
  balanceAfterPaise: number;
  createdAt: Date;
}

export const entryColumns = {
  id: walletEntries.id,
  walletId: walletEntries.walletId,
  kind: walletEntries.kind,
  orderId: walletEntries.orderId,
  payoutId: walletEntries.payoutId,
  amountPaise: walletEntries.amountPaise,
  balanceAfterPaise: walletEntries.balanceAfterPaise,
  createdAt: walletEntries.createdAt,
};

/** A ledger entry on the wire: rupees from integer paise. */
export function toLedgerEntry(e: EntryRow): LedgerEntry {
  return {
    id: e.id,
    kind: e.kind,
    amount: paiseToRupees(e.amountPaise),
    balance_after: paiseToRupees(e.balanceAfterPaise),
    order_id: e.orderId,
    payout_id: e.payoutId,
    created_at: e.createdAt.toISOString(),
  };
}
