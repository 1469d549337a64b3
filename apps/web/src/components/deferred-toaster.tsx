import { lazy, Suspense, useEffect, useState } from 'react';
import { onToastWaiting } from '@/lib/notify';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

// Long enough that the page's own requests finish first on a slow phone network.
const SETTLE_MS = 3000;

/** Calls `callback` once the page has loaded and the browser has a quiet moment after SETTLE_MS. */
function afterPageSettles(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      if ('requestIdleCallback' in window) idle = window.requestIdleCallback(callback, { timeout: 2000 });
      else callback();
    }, SETTLE_MS);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

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
    const stopSettling = afterPageSettles(want);
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
