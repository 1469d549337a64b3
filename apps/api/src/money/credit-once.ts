import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { walletEntries } from '../db/tables/wallets.table';
import { appendEntry, lockWallet, type WalletOwnerType } from './ledger';

/**
 * Credits one wallet for one order, once: the wallet row is locked first, then an existing
 * credit for the order is looked for, so a second completion of one order (or an invoice
 * issued after it waited) never credits twice.
 */
export async function creditOnce(tx: DbOrTx, ownerType: WalletOwnerType, ownerId: number, orderId: number, amountPaise: number): Promise<void> {
  const wallet = await lockWallet(tx, ownerType, ownerId);
  const [already] = await tx
    .select({ id: walletEntries.id })
    .from(walletEntries)
    .where(and(eq(walletEntries.walletId, wallet.id), eq(walletEntries.orderId, orderId)))
    .limit(1);
  if (already) return;
  await appendEntry(tx, wallet, { kind: 'order_credit', amountPaise, orderId });
}
