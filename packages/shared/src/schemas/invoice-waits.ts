import { z } from 'zod';
import { COMPANY_INVOICE_DETAILS } from '../company-details';
import { idOutput } from './ids';
import { strictQuery } from './list';

/** How many waiting orders `GET /invoices/waiting` lists at most (the oldest); `count` says how many there are. */
export const INVOICE_WAITS_LISTED = 500;

export const invoiceWaitsQuerySchema = strictQuery({});

/** GET /invoices/waiting (admin): completed orders whose invoice waits for Settings -> Information (design.md section 23). */
export const invoiceWaitsSchema = z.object({
  /** What Settings -> Information lacks; empty once invoices can be issued. */
  missing: z.array(z.enum(COMPANY_INVOICE_DETAILS)),
  count: z.number().int(),
  orders: z.array(z.object({ order_id: idOutput, completed_at: z.string() })),
});
export type InvoiceWaits = z.infer<typeof invoiceWaitsSchema>;
