import { useEffect, useState } from 'react';

// Work a page does not need for its first paint (the toasts' library, the member's saved
// language, the store's catalogue prefetch, ...) waits until the page has loaded and the
// browser has a quiet moment: on a slow phone the page's own requests and render come first
// (design.md section 15, "Fast on a phone").

/** Calls `callback` once the page has loaded and, `settleMs` later, the browser is idle. Answers a cancel. */
export function afterPageSettles(callback: () => void, settleMs: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      if ('requestIdleCallback' in window) idle = window.requestIdleCallback(callback, { timeout: 2000 });
      else callback();
    }, settleMs);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

/** False until the page has settled (see afterPageSettles); then true for good. */
export function usePageSettled(settleMs: number): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled) return;
    return afterPageSettles(() => setSettled(true), settleMs);
  }, [settled, settleMs]);
  return settled;
}
