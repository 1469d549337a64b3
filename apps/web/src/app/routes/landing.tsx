import { Navigate } from 'react-router';
import { landingTarget } from '@/lib/access';
import { useSession } from '@/lib/session';

/** "/": the start page of the signed-in role, or sign-in. */
export function Component() {
  const { user, signedIn } = useSession();
  return <Navigate to={landingTarget(user, signedIn)} replace />;
}
