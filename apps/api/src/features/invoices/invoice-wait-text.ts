import type { CompanyInvoiceDetail } from '@app/shared/company-details';

/** The company details as the waiting invoice's answer names them. */
export const COMPANY_DETAIL_LABELS: Record<CompanyInvoiceDetail, string> = {
  name: 'name',
  address: 'address',
  state: 'state (read from its GSTIN)',
  gstin: 'GSTIN',
};
