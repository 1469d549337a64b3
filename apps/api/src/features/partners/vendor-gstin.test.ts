import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '@app/shared/gst';
import { notifications } from '../../db/tables/escalations.table';
import { vendors } from '../../db/tables/partners.table';
import { TEST_DB_KINDS } from '../../test/test-database';
import { useTestWorld } from '../../test/test-world';
import type { TestMember } from '../../test/factories';

/** A GSTIN with its right check character. */
const gstinOf = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`;
const MH = gstinOf('27AAPFU0939F1Z');
const KA = gstinOf('29AAGCB7383J1Z');
const GJ = gstinOf('24AABCU9603R1Z');
/** MH with a wrong check character. */
const MH_TYPO = `${MH.slice(0, 14)}${MH[14] === 'A' ? 'B' : 'A'}`;

describe.each(TEST_DB_KINDS)('a vendor\'s GSTIN on %s', (kind) => {
  const ctx = useTestWorld(kind, {
    admin: 'admin',
    vendor: 'vendor',
    otherVendor: 'vendor',
    store: ['store', (w) => ({ vendorId: w.otherVendor.vendorId })],
    driver: 'driver',
  });

  beforeEach(async () => {
    await ctx.db.update(vendors).set({ gstin: null, requestedGstin: null, gstinRequestedAt: null, phone: null }).where(eq(vendors.id, ctx.vendor.vendorId!));
    await ctx.db.delete(notifications);
  });

  const patch = (who: TestMember, url: string, payload?: object) =>
    ctx.app.inject({ method: 'PATCH', url, headers: who.headers, ...(payload === undefined ? {} : { payload }) });
  const change = (who: TestMember, payload: object, id = ctx.vendor.vendorId!) => patch(who, `/vendors/${id}/`, payload);
  const approve = (who: TestMember, gstin: string | null, id = ctx.vendor.vendorId!) => patch(who, `/vendors/${id}/gstin/approve/`, { gstin });
  const reject = (who: TestMember, payload?: object, id = ctx.vendor.vendorId!) => patch(who, `/vendors/${id}/gstin/reject`, payload);
  const row = async () => (await ctx.db.select().from(vendors).where(eq(vendors.id, ctx.vendor.vendorId!)))[0]!;
  const notesOf = (who: TestMember) => ctx.db.select().from(notifications).where(eq(notifications.memberId, who.id));

  it('turns the vendor\'s own GSTIN change into a request: its GSTIN stays, its other fields save, the admins are told', async () => {
    const res = await change(ctx.vendor, { gstin: ` ${MH.toLowerCase()} `, phone: '+91 98200 11111' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ gstin: null, requested_gstin: MH, phone: '+919820011111' });
    expect(Date.parse(body.gstin_requested_at)).not.toBeNaN();
    expect(await row()).toMatchObject({ gstin: null, requestedGstin: MH });
    // The vendor reads its own request; so does an admin.
    expect((await ctx.app.inject({ method: 'GET', url: `/vendors/${ctx.vendor.vendorId}`, headers: ctx.vendor.headers })).json()).toMatchObject({ gstin: null, requested_gstin: MH });
    const listed = (await ctx.app.inject({ method: 'GET', url: '/vendors', headers: ctx.admin.headers })).json() as { id: number; requested_gstin: string | null }[];
    expect(listed.find((v) => v.id === ctx.vendor.vendorId)?.requested_gstin).toBe(MH);
    const [note] = await notesOf(ctx.admin);
    expect(note).toMatchObject({ link: `/Admin/Vendors/store?id=${ctx.vendor.vendorId}` });
    expect(note!.body).toContain(MH);
  });

  it('lets an admin approve the request: the GSTIN is set, the request gone, the vendor told', async () => {
    await change(ctx.vendor, { gstin: MH });
    const res = await approve(ctx.admin, MH);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ gstin: MH, requested_gstin: null, gstin_requested_at: null });
    expect(await row()).toMatchObject({ gstin: MH, requestedGstin: null, gstinRequestedAt: null });
    const [note] = await notesOf(ctx.vendor);
    expect(note).toMatchObject({ title: 'GSTIN change approved', link: '/Vendor/Settings/Information' });
    // Nothing waits any more.
    const again = await approve(ctx.admin, MH);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBeTruthy();
  });

  it('lets an admin reject the request with a reason: the GSTIN stays, the request goes, the vendor is told why', async () => {
    await ctx.db.update(vendors).set({ gstin: KA }).where(eq(vendors.id, ctx.vendor.vendorId!));
    await change(ctx.vendor, { gstin: MH });
    const res = await reject(ctx.admin, { reason: 'The PAN is not yours' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ gstin: KA, requested_gstin: null, gstin_requested_at: null });
    const [note] = await notesOf(ctx.vendor);
    expect(note).toMatchObject({ title: 'GSTIN change rejected' });
    expect(note!.body).toContain('The PAN is not yours');
    expect((await reject(ctx.admin)).statusCode).toBe(409);
  });

  it('tells a vendor who reads Hindi in Hindi, and the admins each in their own language', async () => {
    const choices = { email_order_updates: true, email_escalations: true, in_app: true };
    const inHindi = await ctx.app.inject({ method: 'PUT', url: '/settings/notification/me', headers: ctx.vendor.headers, payload: { ...choices, language: 'hi' } });
    expect(inHindi.statusCode, inHindi.body).toBe(200);
    try {
      await change(ctx.vendor, { gstin: MH });
      const [request] = await notesOf(ctx.admin);
      expect(request!.title).toContain('asks to change its GSTIN');
      await reject(ctx.admin, { reason: 'PAN मेल नहीं खाता' });
      const [note] = await notesOf(ctx.vendor);
      expect(note!.title).toBe('GSTIN बदलना अस्वीकार हुआ');
      expect(note!.body).toContain(`${MH} करने का अनुरोध अस्वीकार हुआ: PAN मेल नहीं खाता`);
    } finally {
      await ctx.app.inject({ method: 'PUT', url: '/settings/notification/me', headers: ctx.vendor.headers, payload: { ...choices, language: 'en' } });
    }
  });

  it('answers 409 when nothing waits, or when the request changed since the admin saw it', async () => {
    expect((await approve(ctx.admin, MH)).statusCode).toBe(409);
    expect((await reject(ctx.admin, {})).statusCode).toBe(409);
    await change(ctx.vendor, { gstin: MH });
    await change(ctx.vendor, { gstin: GJ });
    const stale = await approve(ctx.admin, MH);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toContain(GJ);
    expect(await row()).toMatchObject({ gstin: null, requestedGstin: GJ });
  });

  it('lets the vendor ask to be unregistered, which an admin approves with gstin null', async () => {
    await ctx.db.update(vendors).set({ gstin: MH }).where(eq(vendors.id, ctx.vendor.vendorId!));
    const asked = await change(ctx.vendor, { gstin: '' });
    expect(asked.json()).toMatchObject({ gstin: MH, requested_gstin: null, gstin_requested_at: expect.any(String) });
    expect((await approve(ctx.admin, MH)).statusCode).toBe(409);
    const res = await approve(ctx.admin, null);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ gstin: null, requested_gstin: null, gstin_requested_at: null });
  });

  it('withdraws the request when the vendor asks for the GSTIN it has, and keeps the first time of a repeated one', async () => {
    await ctx.db.update(vendors).set({ gstin: KA }).where(eq(vendors.id, ctx.vendor.vendorId!));
    const first = (await change(ctx.vendor, { gstin: MH })).json();
    const repeated = (await change(ctx.vendor, { gstin: MH })).json();
    expect(repeated.gstin_requested_at).toBe(first.gstin_requested_at);
    expect(await notesOf(ctx.admin)).toHaveLength(1);
    const withdrawn = await change(ctx.vendor, { gstin: KA });
    expect(withdrawn.json()).toMatchObject({ gstin: KA, requested_gstin: null, gstin_requested_at: null });
  });

  it('lets an admin set the GSTIN at once through PATCH, which settles any request', async () => {
    await change(ctx.vendor, { gstin: MH });
    const res = await change(ctx.admin, { gstin: KA });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ gstin: KA, requested_gstin: null, gstin_requested_at: null });
    expect((await change(ctx.admin, { gstin: null })).json()).toMatchObject({ gstin: null });
  });

  it('refuses an invalid GSTIN from the vendor and from an admin (400 naming gstin), and changes nothing', async () => {
    for (const gstin of [MH_TYPO, '27AAPFU0939F1Z', '99AAPFU0939F1ZV', 'hello']) {
      for (const who of [ctx.vendor, ctx.admin]) {
        const res = await change(who, { gstin, phone: '+91 98200 22222' });
        expect(res.statusCode, `${who.role} ${gstin}`).toBe(400);
        expect(Object.keys(res.json().errors), gstin).toEqual(['gstin']);
      }
    }
    const badApproval = await patch(ctx.admin, `/vendors/${ctx.vendor.vendorId}/gstin/approve`, { gstin: MH_TYPO });
    expect(badApproval.statusCode).toBe(400);
    expect(Object.keys(badApproval.json().errors)).toEqual(['gstin']);
    expect(Object.keys((await patch(ctx.admin, `/vendors/${ctx.vendor.vendorId}/gstin/approve`, {})).json().errors)).toEqual(['gstin']);
    expect(await row()).toMatchObject({ gstin: null, requestedGstin: null, gstinRequestedAt: null, phone: null });
    expect(await notesOf(ctx.admin)).toHaveLength(0);
  });

  it('lets only an admin decide (403 to vendors, stores and drivers), and hides another vendor (404)', async () => {
    await change(ctx.vendor, { gstin: MH });
    for (const who of [ctx.vendor, ctx.otherVendor, ctx.store, ctx.driver]) {
      expect((await approve(who, MH)).statusCode, who.role).toBe(403);
      expect((await reject(who)).statusCode, who.role).toBe(403);
    }
    expect(await row()).toMatchObject({ gstin: null, requestedGstin: MH });
    // Another vendor cannot make or see a request on this one.
    expect((await change(ctx.otherVendor, { gstin: KA })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/vendors/${ctx.vendor.vendorId}`, headers: ctx.otherVendor.headers })).statusCode).toBe(404);
    expect(await row()).toMatchObject({ requestedGstin: MH });
    expect((await approve(ctx.admin, MH, 987_654)).statusCode).toBe(404);
    expect((await reject(ctx.admin, {}, 987_654)).statusCode).toBe(404);
  });

  it('decides a request once when two admins answer at the same moment', async () => {
    await change(ctx.vendor, { gstin: MH });
    const answers = await Promise.all([approve(ctx.admin, MH), reject(ctx.admin, { reason: 'Duplicate' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const approved = answers[0]!.statusCode === 200;
    expect(await row()).toMatchObject({ gstin: approved ? MH : null, requestedGstin: null, gstinRequestedAt: null });
    expect(await notesOf(ctx.vendor)).toHaveLength(1);
  });

  it('documents the decision routes in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    for (const path of ['/vendors/{id}/gstin/approve', '/vendors/{id}/gstin/reject']) expect(doc.paths[path]?.patch, path).toBeDefined();
    const vendorRead = doc.paths['/vendors/{id}'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(vendorRead.properties)).toEqual(expect.arrayContaining(['requested_gstin', 'gstin_requested_at']));
  });
});
