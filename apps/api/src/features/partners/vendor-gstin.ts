import type { UpdateVendorParsed } from '@app/shared/schemas/partners';
import type { AuthContext } from '../../auth/auth-context';
import { tenancyOf, type Tenancy } from '../../auth/tenancy';
import type { Database, DbOrTx } from '../../db/database';
import { conflict, notFound } from '../../http/http-error';
import { deliver, loadRecipients, notifyAdmins, type NewNotification } from '../../notifications/notify';
import { lockVendorGstin, vendorRecords, type VendorChanges, type VendorGstinState } from './vendors-repository';

// Who is paid the tax is a money decision (design.md section 16): a vendor with a GSTIN is
// credited the invoice total, GST included. So only an admin sets a vendor's GSTIN; the
// vendor's own change waits as a request (vendors.requested_gstin, pending while
// gstin_requested_at is set) until an admin approves or rejects it
// (docs/decisions/034-gstin-changes-approved-by-admin.md).

export const VENDOR_NOT_FOUND = 'No such vendor';
const ALL: Tenancy = { kind: 'all' };

const shown = (gstin: string | null) => gstin ?? 'none (not registered for GST)';
const adminLink = (vendorId: number) => `/Admin/Vendors/store?id=${vendorId}`;
const VENDOR_LINK = '/Vendor/Settings/Information';

/**
 * The vendor's own `gstin` as a request: asking for the GSTIN it has withdraws any request,
 * asking again for what already waits keeps its place, anything else waits from now.
 */
function requestOf(current: VendorGstinState, wanted: string | null): { changes: VendorChanges; isNew: boolean } {
  if (wanted === current.gstin) return { changes: { requestedGstin: null, gstinRequestedAt: null }, isNew: false };
  if (current.gstinRequestedAt && current.requestedGstin === wanted) {
    return { changes: { requestedGstin: wanted, gstinRequestedAt: current.gstinRequestedAt }, isNew: false };
  }
  return { changes: { requestedGstin: wanted, gstinRequestedAt: new Date() }, isNew: true };
}

function requestNote(current: VendorGstinState, wanted: string | null): NewNotification {
  return {
    title: `${current.companyName} asks to change its GSTIN`,
    body: `${current.companyName} asks to change its GSTIN from ${shown(current.gstin)} to ${shown(wanted)}. Approve or reject it on the vendor's page.`,
    link: adminLink(current.id),
  };
}

/**
 * PATCH /vendors/{id}/: company name, address and phone change at once. `gstin` is set at
 * once by an admin (clearing any request); from the vendor itself it becomes a request and
 * the admins are told. The row is locked first, so a decision never crosses a new request.
 */
export async function changeVendor(db: Database, auth: AuthContext, id: number, body: UpdateVendorParsed): Promise<void> {
  const tenancy = tenancyOf(auth);
  await db.transaction(async (tx) => {
    const current = await lockVendorGstin(tx, tenancy, id);
    if (!current) throw notFound(VENDOR_NOT_FOUND);
    const { company_name, address, phone, gstin } = body;
    const request = gstin !== undefined && auth.role !== 'admin' ? requestOf(current, gstin) : null;
    // An admin's GSTIN is set at once and settles any request.
    const gstinChanges: VendorChanges = request ? request.changes : gstin === undefined ? {} : { gstin, requestedGstin: null, gstinRequestedAt: null };
    await vendorRecords.update(tx, tenancy, id, { companyName: company_name, address, phone, ...gstinChanges });
    if (request?.isNew) await notifyAdmins(tx, requestNote(current, gstin ?? null), null);
  });
}

async function notifyVendor(tx: DbOrTx, vendorId: number, note: NewNotification): Promise<void> {
  await deliver(tx, await loadRecipients(tx, { kind: 'vendor', vendorId }), () => note, null);
}

/** The pending request of a vendor, locked; 404 for no such vendor, 409 when none waits. */
async function pendingRequest(tx: DbOrTx, id: number): Promise<VendorGstinState & { gstinRequestedAt: Date }> {
  const current = await lockVendorGstin(tx, ALL, id);
  if (!current) throw notFound(VENDOR_NOT_FOUND);
  if (!current.gstinRequestedAt) throw conflict('No GSTIN change of this vendor waits for approval');
  return { ...current, gstinRequestedAt: current.gstinRequestedAt };
}

/**
 * PATCH /vendors/{id}/gstin/approve/ (admin): the vendor's GSTIN becomes the one requested.
 * `seen` is the request the admin approves: another one waiting by now is a 409.
 */
export async function approveGstinRequest(db: Database, id: number, seen: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await pendingRequest(tx, id);
    if (current.requestedGstin !== seen) throw conflict(`The vendor's request changed meanwhile: it now asks for ${shown(current.requestedGstin)}`);
    await vendorRecords.update(tx, ALL, id, { gstin: seen, requestedGstin: null, gstinRequestedAt: null });
    await notifyVendor(tx, id, {
      title: 'GSTIN change approved',
      body: seen ? `Your GSTIN is now ${seen}: your invoices charge GST from now on.` : 'Your GSTIN was removed: your invoices are reverse charge from now on.',
      link: VENDOR_LINK,
    });
  });
}

/** PATCH /vendors/{id}/gstin/reject/ (admin): the request goes, the GSTIN stays as it was. */
export async function rejectGstinRequest(db: Database, id: number, reason: string | undefined): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await pendingRequest(tx, id);
    await vendorRecords.update(tx, ALL, id, { requestedGstin: null, gstinRequestedAt: null });
    const asked = `Your request to change your GSTIN to ${shown(current.requestedGstin)} was rejected`;
    await notifyVendor(tx, id, { title: 'GSTIN change rejected', body: reason ? `${asked}: ${reason}` : `${asked}.`, link: VENDOR_LINK });
  });
}
