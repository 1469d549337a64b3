import { describe, expect, it } from 'vitest';
import { afterSignInTarget, landingTarget, sectionAccess, startPageOf } from './access';
import { isSignedIn, type SessionUser } from './session';

const user = (role: SessionUser['role']): SessionUser => ({ memberId: 1, loginId: `${role}@x.in`, name: role, role, storeId: null, vendorId: null, driverId: null });

describe('start pages', () => {
  it('are /Admin/Vendors, /Store/Home, /Vendor/Home, /Driver/Home', () => {
    expect(startPageOf('admin')).toBe('/Admin/Vendors');
    expect(startPageOf('store')).toBe('/Store/Home');
    expect(startPageOf('vendor')).toBe('/Vendor/Home');
    expect(startPageOf('driver')).toBe('/Driver/Home');
  });
  it("is the household's pickups for a household, and a new one's booking is let through after sign-up", () => {
    expect(startPageOf('household')).toBe('/Household/Orders');
    expect(afterSignInTarget(user('household'), '/Household/Book', false)).toBe('/Household/Book');
    expect(afterSignInTarget(user('store'), '/Household/Book', false)).toBe('/');
    expect(sectionAccess({ section: 'household', isDev: false, requested: '/Household/Orders', user: user('store'), signedIn: true })).toEqual({ allow: false, redirectTo: '/Store/Home' });
  });
});

describe('sectionAccess', () => {
  const base = { section: 'admin' as const, isDev: false, requested: '/Admin/Orders?status=pending' };
  it('sends the signed-out to sign-in, remembering the page', () => {
    expect(sectionAccess({ ...base, user: null, signedIn: false })).toEqual({ allow: false, redirectTo: '/Login?redirectTo=%2FAdmin%2FOrders%3Fstatus%3Dpending' });
  });
  it('remembers nothing after a deliberate sign-out', () => {
    expect(sectionAccess({ ...base, user: null, signedIn: false, lastSignOut: 'user' })).toEqual({ allow: false, redirectTo: '/Login' });
  });
  it('lets a role into its own section', () => {
    expect(sectionAccess({ ...base, user: user('admin'), signedIn: true })).toEqual({ allow: true });
  });
  it('sends a role elsewhere to its own start page, except in dev', () => {
    expect(sectionAccess({ ...base, user: user('store'), signedIn: true })).toEqual({ allow: false, redirectTo: '/Store/Home' });
    expect(sectionAccess({ ...base, user: user('store'), signedIn: true, isDev: true })).toEqual({ allow: true });
  });
  it('does not count tokens without a checked member as signed in', () => {
    expect(sectionAccess({ ...base, user: user('admin'), signedIn: false }).allow).toBe(false);
  });
  it('lets a member whose session could not resume for want of a network into their section (offline start)', () => {
    const member = user('admin');
    const signedIn = isSignedIn({ tokens: null, user: member, offline: true });
    expect(sectionAccess({ ...base, user: member, signedIn })).toEqual({ allow: true });
    expect(landingTarget(member, signedIn)).toBe('/Admin/Vendors');
  });
  it('sends a known member without tokens who is not offline to sign-in (a refused resume signs out anyway)', () => {
    const member = user('admin');
    const signedIn = isSignedIn({ tokens: null, user: member, offline: false });
    expect(sectionAccess({ ...base, user: member, signedIn }).allow).toBe(false);
  });
});

describe('landingTarget and afterSignInTarget', () => {
  it('sends "/" to the start page or sign-in', () => {
    expect(landingTarget(user('vendor'), true)).toBe('/Vendor/Home');
    expect(landingTarget(null, false)).toBe('/Login');
  });
  it('goes back to the page asked for when the role may see it', () => {
    expect(afterSignInTarget(user('admin'), '/Admin/Orders', false)).toBe('/Admin/Orders');
    expect(afterSignInTarget(user('store'), '/Admin/Orders', false)).toBe('/');
    expect(afterSignInTarget(user('store'), '/admin/orders', true)).toBe('/admin/orders');
  });
  it('never follows a redirect outside the app', () => {
    expect(afterSignInTarget(user('admin'), 'https://evil.example/Admin', true)).toBe('/');
    expect(afterSignInTarget(user('admin'), '//evil.example/Admin', true)).toBe('/');
    expect(afterSignInTarget(user('admin'), null, true)).toBe('/');
    expect(afterSignInTarget(user('admin'), '/Signup', true)).toBe('/');
  });
});
