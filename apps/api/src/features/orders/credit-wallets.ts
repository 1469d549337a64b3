import type { CustomerKind } from '@app/shared/constants';
import type { DbOrTx } from '../../db/database';
import { creditOnce } from '../../money/credit-once';
import { issueInvoice } from '../../money/invoices/issue-invoice';
import { issueReceipt, type IssuedReceipt } from '../../money/receipts/issue-receipt';

/** The completing order, as the completion has just written it. */
export interface CompletedOrder {
  id: number;
  /** Null for a household's pickup. */
  vendorId: number | null;
  customerKind: CustomerKind;
  driverId: number | null;
  /** A household's pickup: the b2c amount, what the driver paid the household. */
  vendorAmountPaise: number;
  driverAmountPaise: number;
}

/**
 * On completion: the order gets its tax invoice (its number taken in this transaction),
 * the vendor's wallet the vendor amount (the invoice total when the vendor is registered
 * for GST) and the driver's earnings the driver amount. Vendor first, always, so two
 * completions never deadlock.
 *
 * While the company information is incomplete the invoice waits (design.md section 23):
 * the driver and a vendor without a GSTIN are credited now, as their amounts do not
 * depend on the invoice; a GST-registered vendor is credited the invoice total when the
 * invoice is issued (issue-waiting-invoices.ts), since that total depends on the company's
 * state (CGST and SGST, or IGST, round differently).
 *
 * A household's pickup (design.md section 21) has no vendor and no invoice (a household is
 * not a registered supplier): it gets its receipt (numbered in this transaction), and its
 * driver, who paid the household at the door, the driver amount (order_credit) and the b2c
 * amount (household_payment), each once, so payouts repay it. The receipt is answered, for
 * the household's SMS; the order's payment must be on its row already (the receipt says it).
 */
export async function creditWallets(tx: DbOrTx, order: CompletedOrder): Promise<{ receipt: IssuedReceipt | null }> {
  if (order.customerKind === 'household') {
    // Every way to complete a household's pickup passes its driver (weighing, the handover):
    // without one, nobody paid the household, and the books would owe nobody.
    if (order.driverId === null) throw new Error(`household order ${order.id} completed without a driver`);
    const receipt = await issueReceipt(tx, order.id);
    await creditOnce(tx, 'driver', order.driverId, order.id, order.driverAmountPaise, 'order_credit');
    await creditOnce(tx, 'driver', order.driverId, order.id, order.vendorAmountPaise, 'household_payment');
    return { receipt };
  }
  if (order.vendorId === null) throw new Error(`store order ${order.id} has no vendor`);
  const invoice = await issueInvoice(tx, order.id);
  const vendorCredit = invoice.reverseCharge ? order.vendorAmountPaise : invoice.issued ? invoice.totalPaise : null;
  if (vendorCredit !== null) await creditOnce(tx, 'vendor', order.vendorId, order.id, vendorCredit);
  if (order.driverId !== null) await creditOnce(tx, 'driver', order.driverId, order.id, order.driverAmountPaise);
  return { receipt: null };
}
