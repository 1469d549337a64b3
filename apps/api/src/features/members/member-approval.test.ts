import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/shared/messages';
import { refreshTokens } from '../../db/tables/auth.table';
import { members } from '../../db/tables/members.table';
import { stores } from '../../db/tables/partners.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_PASSWORD, type TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';

describe.each(TEST_DB_KINDS)('approving and rejecting members on %s', (kind) => {
  let ctx: TestContext;
  let admin: TestMember;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    admin = await ctx.factories.createMember('admin');
  });
  afterAll(async () => ctx?.close());

  const patch = (url: string, who: Pick<TestMember, 'headers'>, payload?: object) =>
    ctx.app.inject({ method: 'PATCH', url, headers: who.headers, ...(payload ? { payload } : {}) });
  const readSelf = (m: TestMember, token = m.token) => ctx.app.inject({ method: 'GET', url: `/members/${m.loginId}`, headers: { authorization: `Bearer ${token}` } });
  const signIn = async (m: TestMember) =>
    (await ctx.app.inject({ method: 'POST', url: '/auth/login', payload: { login_id: m.loginId, password: TEST_PASSWORD } })).json();
  const memberRow = async (id: number) => (await ctx.db.select().from(members).where(eq(members.id, id)))[0]!;

  it('approves a pending sign-up: verified, approved, and it may work at once', async () => {
    const vendor = await ctx.factories.createMember('vendor', { verified: false });
    expect((await patch('/members/' + vendor.id + '/approve/', vendor)).statusCode).toBe(403);
    const res = await patch(`/members/${vendor.id}/approve/`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: vendor.id, is_verified: true, approval_status: 'approved', role: 'vendor' });
    // Its existing token now passes the verified-only guard.
    expect((await ctx.app.inject({ method: 'POST', url: '/auth/change-password', headers: vendor.headers, payload: { current_password: 'wrong', password: 'whatever-1' } })).statusCode).toBe(400);
  });

  it('assigns a store to a vendor while approving it', async () => {
    const vendor = await ctx.factories.createMember('vendor');
    const store = await ctx.factories.createMember('store', { verified: false, vendorId: null });
    const res = await patch(`/members/${store.id}/approve`, admin, { vendor_id: vendor.vendorId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_verified: true, approval_status: 'approved', store_id: store.storeId, vendor_id: vendor.vendorId });
    const [row] = await ctx.db.select().from(stores).where(eq(stores.id, store.storeId!));
    expect(row!.vendorId).toBe(vendor.vendorId);
  });

  it('refuses a vendor for a non-store and an unknown vendor, changing nothing', async () => {
    const vendor = await ctx.factories.createMember('vendor', { verified: false });
    const wrongKind = await patch(`/members/${vendor.id}/approve`, admin, { vendor_id: vendor.vendorId });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().errors).toHaveProperty('vendor_id');
    const store = await ctx.factories.createMember('store', { verified: false, vendorId: null });
    const unknown = await patch(`/members/${store.id}/approve`, admin, { vendor_id: 987_654 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toHaveProperty('vendor_id');
    const bad = await patch(`/members/${store.id}/approve`, admin, { vendor_id: 'seven' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('vendor_id');
    for (const id of [vendor.id, store.id]) expect(await memberRow(id)).toMatchObject({ isVerified: false, approvalStatus: 'pending' });
  });

  it('answers 404 for an unknown member and 400 for a malformed id', async () => {
    expect((await patch('/members/987654/approve', admin)).statusCode).toBe(404);
    expect((await patch('/members/987654/reject', admin)).statusCode).toBe(404);
    const bad = await patch('/members/abc/approve', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('id');
  });

  it('rejects a member, which loses access at once and keeps no session', async () => {
    const store = await ctx.factories.createMember('store');
    const session = await signIn(store);
    expect((await ctx.app.inject({ method: 'GET', url: '/members', headers: admin.headers })).statusCode).toBe(200);
    const res = await patch(`/members/${store.id}/reject/`, admin, { reason: 'Address could not be verified' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_verified: false, approval_status: 'cancelled' });
    expect(await memberRow(store.id)).toMatchObject({ rejectionReason: 'Address could not be verified' });

    // The same access token: still reads itself, everything else is 403 with the spec message.
    expect((await readSelf(store, session.access_token)).json()).toMatchObject({ approval_status: 'cancelled' });
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/auth/change-password',
      headers: { authorization: `Bearer ${session.access_token}` },
      payload: { current_password: TEST_PASSWORD, password: 'whatever-1' },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ detail: MESSAGES.notVerified });
    // Its refresh tokens are revoked.
    expect((await ctx.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refresh_token: session.refresh_token } })).statusCode).toBe(401);
    const tokens = await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.memberId, store.id));
    expect(tokens.every((t) => t.revokedAt !== null)).toBe(true);
    // It may still sign in (to be told it is not verified) and sign out.
    expect((await signIn(store)).access_token).toBeTruthy();
  });

  it('accepts a rejection without a reason or body, and an approval after a rejection', async () => {
    const vendor = await ctx.factories.createMember('vendor', { verified: false });
    expect((await patch(`/members/${vendor.id}/reject`, admin)).statusCode).toBe(200);
    expect(await memberRow(vendor.id)).toMatchObject({ approvalStatus: 'cancelled', rejectionReason: null });
    const again = await patch(`/members/${vendor.id}/approve`, admin);
    expect(again.json()).toMatchObject({ is_verified: true, approval_status: 'approved' });
    expect(await memberRow(vendor.id)).toMatchObject({ rejectionReason: null });
  });

  it('refuses a reason longer than 500 characters, changing nothing', async () => {
    const vendor = await ctx.factories.createMember('vendor', { verified: false });
    const res = await patch(`/members/${vendor.id}/reject`, admin, { reason: 'x'.repeat(501) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('reason');
    expect(await memberRow(vendor.id)).toMatchObject({ approvalStatus: 'pending' });
  });

  it('does not let an admin reject itself', async () => {
    const res = await patch(`/members/${admin.id}/reject`, admin);
    expect(res.statusCode).toBe(403);
    expect(await memberRow(admin.id)).toMatchObject({ approvalStatus: 'approved' });
  });

  it('is for admins only', async () => {
    const vendor = await ctx.factories.createMember('vendor');
    const store = await ctx.factories.createMember('store', { verified: false, vendorId: vendor.vendorId });
    for (const url of [`/members/${store.id}/approve`, `/members/${store.id}/reject`]) {
      expect((await patch(url, vendor)).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'PATCH', url })).statusCode).toBe(401);
    }
    expect(await memberRow(store.id)).toMatchObject({ approvalStatus: 'pending' });
  });
});
