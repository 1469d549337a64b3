import { eq } from 'drizzle-orm';
import type { AuthContext } from '../auth/auth-context';
import type { DbOrTx } from '../db/database';
import { members } from '../db/tables/members.table';
import { drivers, vendors } from '../db/tables/partners.table';
import { fieldError, notFound } from '../http/http-error';
import type { WalletOwnerType } from './ledger';

export interface LedgerOwner {
  type: WalletOwnerType;
  id: number;
}

/**
 * Whose ledger a request means. A vendor or driver may omit the id (its own); naming
 * another's is a 404, as for any record of another tenant. An admin names one.
 */
export function ledgerOwnerOf(auth: AuthContext, query: { vendor_id?: number | undefined; driver_id?: number | undefined }): LedgerOwner {
  const asked: LedgerOwner | null =
    query.vendor_id !== undefined ? { type: 'vendor', id: query.vendor_id } : query.driver_id !== undefined ? { type: 'driver', id: query.driver_id } : null;
  if (auth.role === 'admin') {
    if (!asked) throw fieldError('vendor_id', 'Name the vendor_id or driver_id whose ledger to show');
    return asked;
  }
  const own: LedgerOwner | null =
    auth.role === 'vendor' && auth.vendorId !== null ? { type: 'vendor', id: auth.vendorId } : auth.role === 'driver' && auth.driverId !== null ? { type: 'driver', id: auth.driverId } : null;
  if (!own) throw notFound('No wallet found');
  if (asked && (asked.type !== own.type || asked.id !== own.id)) throw notFound(`No ${asked.type} ${asked.id} found`);
  return own;
}

/** The vendor's company name or the driver's member name; 404 when there is no such vendor or driver. */
export async function ledgerOwnerName(db: DbOrTx, owner: LedgerOwner): Promise<string> {
  if (owner.type === 'vendor') {
    const [row] = await db.select({ name: vendors.companyName }).from(vendors).where(eq(vendors.id, owner.id)).limit(1);
    if (!row) throw notFound(`No vendor ${owner.id} found`);
    return row.name;
  }
  const [row] = await db
    .select({ name: members.name })
    .from(drivers)
    .leftJoin(members, eq(members.driverId, drivers.id))
    .where(eq(drivers.id, owner.id))
    .limit(1);
  if (!row) throw notFound(`No driver ${owner.id} found`);
  return row.name ?? `Driver ${owner.id}`;
}
