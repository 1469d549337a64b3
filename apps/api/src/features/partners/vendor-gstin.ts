import type { UpdateVendorParsed } from '@app/shared/schemas/partners';
import type { AuthContext } from '../../auth/auth-context';
import { tenancyOf, type Tenancy } from '../../auth/tenancy';
import type { Database, DbOrTx } from '../../db/database';
import { conflict, notFound } from '../../http/http-error';
import { en, type MailTexts, type NoteText } from '../../mail/templates/en';
import { deliver, loadRecipients, type Audience } from '../../notifications/notify';
import { lockVendorGstin, vendorRecords, type VendorChanges, type VendorGstinState } from './vendors-repository';

// Who is paid the tax is a money decision (design.md section 16): a vendor with a GSTIN is
// credited the invoice total, GST included. So only an admin sets a vendor's GSTIN; the
// vendor's own change waits as a request (vendors.requested_gstin, pending while
// gstin_requested_at is set) until an admin approves or rejects it
// (docs/decisions/034-gstin-changes-approved-by-admin.md).

export const VENDOR_NOT_FOUND = 'No such vendor';
const ALL: Tenancy = { kind: 'all' };

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

/** Tells `audience`, each in its own language, what `text` says, in-app and by push (no e-mail). */
async function tell(tx: DbOrTx, audience: Audience, text: (t: MailTexts) => NoteText, link: string): Promise<void> {
  await deliver(tx, await loadRecipients(tx, audience), (t) => ({ ...text(t), link }), 'notice');
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
    if (request?.isNew) await tell(tx, { kind: 'admins' }, (t) => t.gstin.requested(current.companyName, current.gstin, gstin ?? null), adminLink(current.id));
  });
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
    if (current.requestedGstin !== seen) throw conflict(`The vendor's request changed meanwhile: it now asks for ${en.gstinShown(current.requestedGstin)}`);
    await vendorRecords.update(tx, ALL, id, { gstin: seen, requestedGstin: null, gstinRequestedAt: null });
    await tell(tx, { kind: 'vendor', vendorId: id }, (t) => t.gstin.approved(seen), VENDOR_LINK);
  });
}

/** PATCH /vendors/{id}/gstin/reject/ (admin): the request goes, the GSTIN stays as it was. */
export async function rejectGstinRequest(db: Database, id: number, reason: string | undefined): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await pendingRequest(tx, id);
    await vendorRecords.update(tx, ALL, id, { requestedGstin: null, gstinRequestedAt: null });
    await tell(tx, { kind: 'vendor', vendorId: id }, (t) => t.gstin.rejected(current.requestedGstin, reason ?? null), VENDOR_LINK);
  });
}
