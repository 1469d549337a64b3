import { useSyncExternalStore } from 'react';

// Whether this device may use its position to sort pickups and plan the route (design.md
// section 18, decision 072). The app asks once, with its reason first; the browser's own
// prompt comes only after "Use my position". The answer is remembered on the device, so a
// later visit asks the browser directly (which does not prompt again once granted) and
// "Not now" is not asked again at every visit.

/** 'ask': no answer yet; 'use': asked the browser; 'not-now': the person said no for now; 'unknown': no device (a prerender). */
export type PositionChoice = 'ask' | 'use' | 'not-now' | 'unknown';

const STORAGE_KEY = 'position.choice';
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function read(): PositionChoice {
  try {
    const value = storage()?.getItem(STORAGE_KEY);
    return value === 'use' || value === 'not-now' ? value : 'ask';
  } catch {
    return 'ask';
  }
}

/** Remembers the answer on the device (and tells every screen showing it); 'ask' forgets it. */
export function setPositionChoice(choice: Exclude<PositionChoice, 'unknown'>): void {
  try {
    if (choice === 'ask') storage()?.removeItem(STORAGE_KEY);
    else storage()?.setItem(STORAGE_KEY, choice);
  } catch {
    // Storage may be unavailable (private mode): the answer lasts while the page does.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The device's answer, live. A prerender (no device) says 'unknown' and shows no question. */
export function usePositionChoice(): PositionChoice {
  return useSyncExternalStore(subscribe, read, () => 'unknown');
}
