import type { DbOrTx } from '../../db/database';
import { creditOnce } from '../../money/credit-once';
import { issueInvoice } from '../../money/invoices/issue-invoice';

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
 */
export async function creditWallets(
  tx: DbOrTx,
  order: { id: number; vendorId: number; driverId: number | null; vendorAmountPaise: number; driverAmountPaise: number },
): Promise<void> {
  const invoice = await issueInvoice(tx, order.id);
  const vendorCredit = invoice.reverseCharge ? order.vendorAmountPaise : invoice.issued ? invoice.totalPaise : null;
  if (vendorCredit !== null) await creditOnce(tx, 'vendor', order.vendorId, order.id, vendorCredit);
  if (order.driverId !== null) await creditOnce(tx, 'driver', order.driverId, order.id, order.driverAmountPaise);
}
