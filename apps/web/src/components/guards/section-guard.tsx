import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '@app/shared/constants';
import { isDevEnv } from '@/config/runtime-config';
import { sectionAccess } from '@/lib/access';
import { useSession } from '@/lib/session';

/**
 * Lets in those who may use the section: its own role, any role in dev. Signed-out people go
 * to sign-in (remembering the page), others to their own start page. Reacts to sign-out.
 */
export function SectionGuard({ section, children }: { section: Role; children: ReactNode }) {
  const { user, signedIn, lastSignOut } = useSession();
  const location = useLocation();
  const access = sectionAccess({ user, signedIn, section, isDev: isDevEnv(), requested: `${location.pathname}${location.search}`, lastSignOut });
  if (!access.allow) return <Navigate to={access.redirectTo} replace />;
  return children;
}
