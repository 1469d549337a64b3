import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { walletEntries, wallets } from '../../db/tables/wallets.table';

/**
 * Credits one wallet for one order, once: the entry is unique per (wallet, order), and the
 * balance moves only when the entry was new. The upsert locks the wallet row until the
 * transaction ends, so concurrent credits to one vendor queue instead of losing updates.
 */
async function creditOnce(tx: DbOrTx, ownerType: 'vendor' | 'driver', ownerId: number, orderId: number, amountPaise: number): Promise<void> {
  const [wallet] = await tx
    .insert(wallets)
    .values({ ownerType, ownerId })
    .onConflictDoUpdate({ target: [wallets.ownerType, wallets.ownerId], set: { updatedAt: sql`now()` } })
    .returning({ id: wallets.id });
  const inserted = await tx
    .insert(walletEntries)
    .values({ walletId: wallet!.id, orderId, amountPaise })
    .onConflictDoNothing({ target: [walletEntries.walletId, walletEntries.orderId] })
    .returning({ id: walletEntries.id });
  if (inserted.length === 0) return;
  await tx
    .update(wallets)
    .set({ balancePaise: sql`${wallets.balancePaise} + ${amountPaise}`, updatedAt: sql`now()` })
    .where(eq(wallets.id, wallet!.id));
}

/** On completion: the vendor's wallet gets the vendor amount, the driver's earnings the driver amount. Vendor first, always, so two completions never deadlock. */
export async function creditWallets(
  tx: DbOrTx,
  order: { id: number; vendorId: number; driverId: number | null; vendorAmountPaise: number; driverAmountPaise: number },
): Promise<void> {
  await creditOnce(tx, 'vendor', order.vendorId, order.id, order.vendorAmountPaise);
  if (order.driverId !== null) await creditOnce(tx, 'driver', order.driverId, order.id, order.driverAmountPaise);
}
