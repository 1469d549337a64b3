import { useEffect, useSyncExternalStore } from 'react';

// The order the store has open on its order page (`/Store/Orders?id=42`). The Order detail
// pop-up stays away from that order meanwhile: the page offers the same two choices beside
// the photos and the history, and two dialogs over each other hide both.

let viewed: number | null = null;
const listeners = new Set<() => void>();

function set(next: number | null) {
  viewed = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const get = () => viewed;

/** Marks `orderId` as open while the calling component is mounted. */
export function useMarkOrderViewed(orderId: number) {
  useEffect(() => {
    set(orderId);
    return () => {
      if (viewed === orderId) set(null);
    };
  }, [orderId]);
}

/** The order open on the store's order page, if any. */
export function useViewedOrder(): number | null {
  return useSyncExternalStore(subscribe, get, get);
}
