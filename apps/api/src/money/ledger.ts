import { eq, sql } from 'drizzle-orm';
import type { LedgerKind } from '@app/shared/schemas/money';
import type { DbOrTx } from '../db/database';
import { walletEntries, wallets } from '../db/tables/wallets.table';

// design.md section 10: a balance is the sum of its wallet's entries and never goes below
// zero. Every write below runs with the wallet row locked by the caller's transaction, so
// balance_after is exact and concurrent writers to one wallet queue.

export type WalletOwnerType = 'vendor' | 'driver';

export interface LockedWallet {
  id: number;
  balancePaise: number;
  requestedPaise: number;
}

/**
 * The owner's wallet, created at 0 when it has none, locked until the transaction ends. The
 * upsert takes the row lock whether it inserts or not, and returns the latest committed values.
 */
export async function lockWallet(tx: DbOrTx, ownerType: WalletOwnerType, ownerId: number): Promise<LockedWallet> {
  const [row] = await tx
    .insert(wallets)
    .values({ ownerType, ownerId })
    .onConflictDoUpdate({ target: [wallets.ownerType, wallets.ownerId], set: { updatedAt: sql`now()` } })
    .returning({ id: wallets.id, balancePaise: wallets.balancePaise, requestedPaise: wallets.requestedPaise });
  return row!;
}

export interface NewEntry {
  kind: LedgerKind;
  amountPaise: number;
  orderId?: number | null;
  payoutId?: number | null;
}

/** Appends one entry to a wallet the caller has locked, and moves its balance with it. */
export async function appendEntry(tx: DbOrTx, wallet: LockedWallet, entry: NewEntry): Promise<LockedWallet> {
  const balanceAfter = wallet.balancePaise + entry.amountPaise;
  if (balanceAfter < 0 || !Number.isSafeInteger(balanceAfter)) throw new Error(`ledger entry would take wallet ${wallet.id} to ${balanceAfter}`);
  await tx.insert(walletEntries).values({
    walletId: wallet.id,
    kind: entry.kind,
    amountPaise: entry.amountPaise,
    balanceAfterPaise: balanceAfter,
    orderId: entry.orderId ?? null,
    payoutId: entry.payoutId ?? null,
  });
  await tx.update(wallets).set({ balancePaise: balanceAfter, updatedAt: sql`now()` }).where(eq(wallets.id, wallet.id));
  return { ...wallet, balancePaise: balanceAfter };
}

/** Moves the sum of a wallet's requested payouts (available = balance - requested). */
export async function moveRequested(tx: DbOrTx, wallet: LockedWallet, deltaPaise: number): Promise<LockedWallet> {
  const requested = wallet.requestedPaise + deltaPaise;
  await tx.update(wallets).set({ requestedPaise: requested, updatedAt: sql`now()` }).where(eq(wallets.id, wallet.id));
  return { ...wallet, requestedPaise: requested };
}

/** A wallet by id, locked until the transaction ends (payout decisions). */
export async function lockWalletById(tx: DbOrTx, walletId: number): Promise<LockedWallet> {
  const [row] = await tx
    .select({ id: wallets.id, balancePaise: wallets.balancePaise, requestedPaise: wallets.requestedPaise })
    .from(wallets)
    .where(eq(wallets.id, walletId))
    .for('update');
  if (!row) throw new Error(`wallet ${walletId} is missing`);
  return row;
}
