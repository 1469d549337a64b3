import { gstStateOfCode } from './gst';
import type { InformationSettings } from './schemas/settings';

// What invoices need of the company. No zod here: every admin page's banner reads it at
// start-up (apps/web components/layouts/company-info-notice.tsx).

/** What every invoice names of the company, the recipient (design.md section 11). */
export const COMPANY_INVOICE_DETAILS = ['name', 'address', 'state', 'gstin'] as const;
export type CompanyInvoiceDetail = (typeof COMPANY_INVOICE_DETAILS)[number];

/**
 * The details invoices need that Settings -> Information lacks, in COMPANY_INVOICE_DETAILS
 * order; admin pages warn while any is missing (design.md section 16). The company's state
 * is its GSTIN's, as on invoices, so it is missing while the GSTIN is.
 */
export function missingCompanyDetails(info: Pick<InformationSettings, 'name' | 'address' | 'gstin'>): CompanyInvoiceDetail[] {
  const gstin = info.gstin.trim();
  const present: Record<CompanyInvoiceDetail, boolean> = {
    name: info.name.trim() !== '',
    address: info.address.trim() !== '',
    state: gstStateOfCode(gstin.slice(0, 2)) !== null,
    gstin: gstin !== '',
  };
  return COMPANY_INVOICE_DETAILS.filter((detail) => !present[detail]);
}
