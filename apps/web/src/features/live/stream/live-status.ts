import { useSyncExternalStore } from 'react';

// Whether this tab's change feed is open. Kept apart from the stream itself so the top
// bar's indicator can read it without loading the stream's code.

export type LiveState =
  /** Signed out, or the stream has not been started. */
  | 'idle'
  /** Opening for the first time. */
  | 'connecting'
  /** Open: screens follow server events. */
  | 'live'
  /** Lost or refused: the 5-second polling keeps screens fresh until it is back. */
  | 'down';

type Listener = () => void;

export function createLiveStatus() {
  let state: LiveState = 'idle';
  const listeners = new Set<Listener>();
  return {
    get: (): LiveState => state,
    set(next: LiveState) {
      if (next === state) return;
      state = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The tab's one status. */
export const liveStatus = createLiveStatus();

export function useLiveState(): LiveState {
  return useSyncExternalStore(liveStatus.subscribe, liveStatus.get, liveStatus.get);
}
