// English texts of the GST invoice button (namespace "invoices").
export const invoicesEn = {
  open: 'Invoice',
  openHint: 'Opens the GST invoice of this order as a PDF in a new tab.',
  failed: 'The invoice could not be opened: {{detail}}',
  notReady: 'The invoice exists once the order is completed.',
} as const;
