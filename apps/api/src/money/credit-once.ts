import { and, eq } from 'drizzle-orm';
import type { LedgerKind } from '@app/shared/schemas/money';
import type { DbOrTx } from '../db/database';
import { walletEntries } from '../db/tables/wallets.table';
import { appendEntry, lockWallet, type WalletOwnerType } from './ledger';

/** The kinds of entry an order credits a wallet with. */
export type OrderCreditKind = Extract<LedgerKind, 'order_credit' | 'household_payment'>;

/**
 * Credits one wallet for one order, once per kind: the wallet row is locked first, then an
 * existing entry of that kind for the order is looked for, so a second completion of one
 * order (or an invoice issued after it waited) never credits twice. Once per kind, as the
 * unique index says (migration 0022): a household's pickup gives its driver both the
 * driver amount (order_credit) and what the driver paid the household (household_payment).
 */
export async function creditOnce(
  tx: DbOrTx,
  ownerType: WalletOwnerType,
  ownerId: number,
  orderId: number,
  amountPaise: number,
  kind: OrderCreditKind = 'order_credit',
): Promise<void> {
  const wallet = await lockWallet(tx, ownerType, ownerId);
  const [already] = await tx
    .select({ id: walletEntries.id })
    .from(walletEntries)
    .where(and(eq(walletEntries.walletId, wallet.id), eq(walletEntries.orderId, orderId), eq(walletEntries.kind, kind)))
    .limit(1);
  if (already) return;
  await appendEntry(tx, wallet, { kind, amountPaise, orderId });
}
