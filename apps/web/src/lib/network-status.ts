import { useSyncExternalStore } from 'react';

// Whether the device has a network, as the browser tells it (navigator.onLine and its
// online/offline events). "Online" only means a network exists, not that the API answers:
// callers still treat a failed request as a reason to wait and retry. One module, so the
// offline notice, the outbox and the session agree on what the browser said.

type Listener = (online: boolean) => void;
const listeners = new Set<Listener>();

export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** What the listeners were last told (or what the tab started with). */
let told = isOnline();

function tell() {
  told = isOnline();
  listeners.forEach((listener) => listener(told));
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', tell);
  window.addEventListener('offline', tell);
  // A page frozen in the background or kept in the back/forward cache gets no event for a
  // change that happened meanwhile: it would believe itself offline (its queries paused) with
  // the network there (design.md section 23). Whenever it is shown again, the browser is asked.
  const recheck = () => {
    if (isOnline() !== told) tell();
  };
  window.addEventListener('pageshow', recheck);
  window.addEventListener('focus', recheck);
  document.addEventListener('visibilitychange', recheck);
}

/** Called with the new state whenever the browser goes on- or offline; answers the unsubscribe. */
export function subscribeOnline(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The network state in React: re-renders when it changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}
