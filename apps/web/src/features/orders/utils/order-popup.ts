import { useSyncExternalStore } from 'react';

// Whether the store closed the Order detail pop-up, shared by the pop-up (mounted by the
// store layout) and the home's notice (which offers to bring it back). It holds the version
// of the order that was closed (`id:updated_at`): a closed order stays hidden until it
// changes, and the notice's button clears it.

let dismissed: string | null = null;
const listeners = new Set<() => void>();

function set(next: string | null) {
  if (next === dismissed) return;
  dismissed = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const get = () => dismissed;

/** The version of an order as the pop-up tells them apart: a change to the order shows it again. */
export const popupVersion = (order: { id: number; updated_at: string }) => `${order.id}:${order.updated_at}`;

/** The store closed the pop-up on this version of the order. */
export const dismissOrderPopup = (version: string) => set(version);

/** Shows the pop-up again (the home notice's button). */
export const reopenOrderPopup = () => set(null);

/** The version of the order whose pop-up the store closed, if any. */
export function useDismissedOrderPopup(): string | null {
  return useSyncExternalStore(subscribe, get, get);
}
