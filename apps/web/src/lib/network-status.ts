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

if (typeof window !== 'undefined') {
  const tell = () => listeners.forEach((listener) => listener(isOnline()));
  window.addEventListener('online', tell);
  window.addEventListener('offline', tell);
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
