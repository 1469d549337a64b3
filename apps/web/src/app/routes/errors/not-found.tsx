import { useLocation, useSearchParams } from 'react-router';
import { ErrorPage } from '@/components/errors/error-page';
import { paths } from '@/config/paths';
import { useRouteHandle } from '@/lib/route-handle';

/** Unknown paths (and /404): "Page Not Found: /the/path". Inside a section it keeps the layout. */
export function Component() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const { section } = useRouteHandle();
  const isOwnPath = pathname.toLowerCase() === paths.errors.notFound.path;
  const path = isOwnPath ? params.get('path') : pathname;
  return <ErrorPage status={404} path={path} fullScreen={!section} />;
}
