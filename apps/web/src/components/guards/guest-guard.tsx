import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { isDevEnv } from '@/config/runtime-config';
import { afterSignInTarget } from '@/lib/access';
import { useSession } from '@/lib/session';

/** The auth pages are for signed-out people: a signed-in one goes on (to "/" or the page asked for). */
export function GuestGuard({ children }: { children: ReactNode }) {
  const { user, signedIn } = useSession();
  const [params] = useSearchParams();
  if (signedIn && user) return <Navigate to={afterSignInTarget(user, params.get('redirectTo'), isDevEnv())} replace />;
  return children;
}
