import { amountInWords } from '@app/shared/amount-in-words';
import { gramsToKg, paiseToRupees } from '@app/shared/money';
import type { Invoice } from '@app/shared/schemas/money';
import { gstRateFromBp } from './gst-rate';
import { taxLine, taxTotals } from './gst-tax';
import type { InvoiceParty, InvoiceSource } from './invoice-source';

export interface BuiltInvoice {
  body: Invoice;
  totalPaise: number;
  reverseCharge: boolean;
}

const party = (p: InvoiceParty) => ({ name: p.name, gstin: p.gstin, state: p.state.name, state_code: p.state.code, address: p.address });

/**
 * The invoice document. CGST + SGST when both parties' states are known and equal; IGST
 * otherwise (a recipient of unknown state is treated as inter-state: docs/decisions/015).
 */
export function buildInvoice(source: InvoiceSource, meta: { number: string; date: string }): BuiltInvoice {
  const { supplier, recipient } = source;
  const intraState = supplier.state.code !== null && supplier.state.code === recipient.state.code;
  const lines = source.lines.map((l) => taxLine(l, intraState));
  const totals = taxTotals(lines);
  const reverseCharge = supplier.gstin === null;
  return {
    totalPaise: totals.totalPaise,
    reverseCharge,
    body: {
      number: meta.number,
      date: meta.date,
      order_id: source.orderId,
      supplier: party(supplier),
      recipient: party(recipient),
      place_of_supply: recipient.state.name ?? supplier.state.name,
      reverse_charge: reverseCharge,
      lines: lines.map((l) => ({
        material: l.material,
        hsn_code: l.hsnCode,
        weight: gramsToKg(l.weightGrams),
        rate: paiseToRupees(l.ratePaise),
        taxable_value: paiseToRupees(l.taxablePaise),
        gst_rate: gstRateFromBp(l.gstRateBp),
        cgst: paiseToRupees(l.cgstPaise),
        sgst: paiseToRupees(l.sgstPaise),
        igst: paiseToRupees(l.igstPaise),
        total: paiseToRupees(l.totalPaise),
      })),
      taxable_total: paiseToRupees(totals.taxablePaise),
      cgst_total: paiseToRupees(totals.cgstPaise),
      sgst_total: paiseToRupees(totals.sgstPaise),
      igst_total: paiseToRupees(totals.igstPaise),
      total: paiseToRupees(totals.totalPaise),
      total_in_words: amountInWords(totals.totalPaise),
    },
  };
}
