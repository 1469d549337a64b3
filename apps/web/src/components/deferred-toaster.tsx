import { lazy, Suspense, useEffect, useState } from 'react';
import { onToastWaiting } from '@/lib/notify';
import { afterPageSettles } from '@/lib/page-settled';
import { importWhenOnline } from '@/lib/import-when-online';

const Toaster = lazy(() => importWhenOnline(() => import('./toaster')).then((module) => ({ default: module.Toaster })));

// Long enough that the page's own requests finish first on a slow phone network.
const SETTLE_MS = 3000;

/**
 * Mounts notistack when the first toast is asked for, or once the page has settled (so a
 * toast about a lost connection does not need the network to appear). /login paints and
 * becomes usable without it.
 */
export function DeferredToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const stopWaiting = onToastWaiting(want);
    const stopSettling = afterPageSettles(want, SETTLE_MS);
    return () => {
      stopWaiting();
      stopSettling();
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
