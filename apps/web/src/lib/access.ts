import type { Role } from '@app/shared/constants';
import { paths, safeRedirect, sectionOfPath, START_PAGES } from '@/config/paths';
import type { SessionUser, SignOutReason } from './session';

// Who may be where (product-spec.md sections 2 and 6, design.md section 9). Pure rules;
// components/guards turn them into redirects.

export type Access = { allow: true } | { allow: false; redirectTo: string };

const ALLOW: Access = { allow: true };

/** The start page of a role: /Admin/Vendors, /Store/Home, /Vendor/Home, /Driver/Home. */
export function startPageOf(role: Role): string {
  return START_PAGES[role].getHref();
}

export interface SectionAccessInput {
  user: SessionUser | null;
  signedIn: boolean;
  section: Role;
  isDev: boolean;
  /** The page asked for (pathname + search), remembered for after sign-in. */
  requested: string;
  /** Why the last session ended: after a deliberate sign-out nothing is remembered. */
  lastSignOut?: SignOutReason | null;
}

/** A section is open to its own role; in dev to every signed-in role; never to the signed-out. */
export function sectionAccess({ user, signedIn, section, isDev, requested, lastSignOut = null }: SectionAccessInput): Access {
  if (!signedIn || !user) {
    const remember = lastSignOut === 'user' || lastSignOut === 'not-verified' || lastSignOut === 'role-mismatch' ? undefined : requested;
    return { allow: false, redirectTo: paths.auth.login.getHref({ redirectTo: remember }) };
  }
  if (isDev || user.role === section) return ALLOW;
  return { allow: false, redirectTo: startPageOf(user.role) };
}

/** Where "/" sends a person: their start page, or sign-in. */
export function landingTarget(user: SessionUser | null, signedIn: boolean): string {
  return signedIn && user ? startPageOf(user.role) : paths.auth.login.getHref();
}

/**
 * Where a signed-in person on an auth page goes: back to the page they asked for before
 * signing in when they may see it, else "/" (which sends them to their start page).
 */
export function afterSignInTarget(user: SessionUser, redirectTo: string | null, isDev: boolean): string {
  const target = safeRedirect(redirectTo);
  if (!target) return paths.home.getHref();
  const section = sectionOfPath(target.split('?')[0] ?? target);
  if (!section) return paths.home.getHref();
  return isDev || section === user.role ? target : paths.home.getHref();
}
