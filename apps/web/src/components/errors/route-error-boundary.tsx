import { useEffect, useMemo } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError, mayReloadForNewBuild, reloadForNewBuild } from '@/lib/build-update';
import { isOnline, subscribeOnline } from '@/lib/network-status';
import { ErrorPage } from './error-page';

/**
 * errorElement of the routes: whatever a page throws (or a lazy chunk of an old build that
 * is gone) lands here instead of a blank screen. Inside a section it renders within the
 * layout, so the navigation stays usable.
 */
export function RouteErrorBoundary({ fullScreen = false }: { fullScreen?: boolean }) {
  const error = useRouteError();
  const location = useLocation();
  const { t } = useTranslation();
  const chunkError = isChunkLoadError(error);
  // A page's code that failed offline failed for the network (a first visit, before the
  // service worker holds the app): say so, and open it once the network is back. Online, an
  // old build's chunk is gone (the router asked for it again first, decision 096): the new
  // index.html knows the new ones. Render only reads the reload guard; the effect reloads.
  const waitingForNetwork = useMemo(() => chunkError && !isOnline(), [chunkError]);
  const reloading = useMemo(() => chunkError && !waitingForNetwork && mayReloadForNewBuild(), [chunkError, waitingForNetwork]);

  useEffect(() => {
    if (reloading) reloadForNewBuild();
  }, [reloading]);

  useEffect(() => {
    if (!chunkError) console.error('A page failed:', error);
  }, [chunkError, error]);

  useEffect(() => {
    if (!waitingForNetwork) return;
    return subscribeOnline((online) => {
      if (online) window.location.reload();
    });
  }, [waitingForNetwork]);

  if (waitingForNetwork || reloading) {
    return (
      <Box role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh', p: 2, textAlign: 'center' }}>
        <Typography>{waitingForNetwork ? t('errors.chunkOffline') : t('errors.chunkReloading')}</Typography>
      </Box>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage status={status} path={status === 404 ? location.pathname : null} fullScreen={fullScreen} onRetry={status === 404 ? undefined : () => window.location.reload()} />;
}
