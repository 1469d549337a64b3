import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';

// One advisory lock orders invoicing against the company information (design.md section 23).
// Completions share it, so they never wait on each other here; saving Settings -> Information
// (which issues the invoices that waited) holds it alone. A completion that read the
// information incomplete has committed its wait before the waiting invoices are read, and
// one that starts later reads the information complete: none is left waiting.
const INVOICING_LOCK_ID = 4_201_777_023;

/** Taken by every transaction that numbers or parks one order's invoice. */
export async function shareInvoicing(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${INVOICING_LOCK_ID})`);
}

/** Taken, before any row lock, by a transaction that issues the waiting invoices. */
export async function holdInvoicing(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${INVOICING_LOCK_ID})`);
}
