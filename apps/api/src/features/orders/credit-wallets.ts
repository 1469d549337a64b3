import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { walletEntries } from '../../db/tables/wallets.table';
import { issueInvoice } from '../../money/invoices/issue-invoice';
import { appendEntry, lockWallet, type WalletOwnerType } from '../../money/ledger';

/**
 * Credits one wallet for one order, once: the wallet row is locked first, then an existing
 * credit for the order is looked for, so a second completion of one order never credits twice.
 */
async function creditOnce(tx: DbOrTx, ownerType: WalletOwnerType, ownerId: number, orderId: number, amountPaise: number): Promise<void> {
  const wallet = await lockWallet(tx, ownerType, ownerId);
  const [already] = await tx
    .select({ id: walletEntries.id })
    .from(walletEntries)
    .where(and(eq(walletEntries.walletId, wallet.id), eq(walletEntries.orderId, orderId)))
    .limit(1);
  if (already) return;
  await appendEntry(tx, wallet, { kind: 'order_credit', amountPaise, orderId });
}

/**
 * On completion: the order gets its tax invoice (its number taken in this transaction),
 * the vendor's wallet the vendor amount (the invoice total when the vendor is registered
 * for GST) and the driver's earnings the driver amount. Vendor first, always, so two
 * completions never deadlock.
 */
export async function creditWallets(
  tx: DbOrTx,
  order: { id: number; vendorId: number; driverId: number | null; vendorAmountPaise: number; driverAmountPaise: number },
): Promise<void> {
  const invoice = await issueInvoice(tx, order.id);
  const vendorCredit = invoice.reverseCharge ? order.vendorAmountPaise : invoice.totalPaise;
  await creditOnce(tx, 'vendor', order.vendorId, order.id, vendorCredit);
  if (order.driverId !== null) await creditOnce(tx, 'driver', order.driverId, order.id, order.driverAmountPaise);
}
