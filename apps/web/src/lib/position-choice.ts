import { useEffect, useSyncExternalStore } from 'react';
import { POSITION_ANSWERS, POSITION_CHOICE_COOKIE, type PositionAnswer } from '@app/shared/rendered-start';

// Whether this device may use its position to sort pickups and plan the route (design.md
// section 18, decision 072). The app asks once, with its reason first; the browser's own
// prompt comes only after "Use my position". The answer is remembered on the device, so a
// later visit asks the browser directly (which does not prompt again once granted) and
// "Not now" is not asked again at every visit.

/** 'ask': no answer yet; 'use': asked the browser; 'not-now': the person said no for now; 'unknown': no device (a prerender). */
export type PositionChoice = 'ask' | 'use' | 'not-now' | 'unknown';

const STORAGE_KEY = 'position.choice';
const listeners = new Set<() => void>();
// The web host renders the driver's start page with the answer of this cookie, a copy of the
// device's (decision 091): a script cannot tell the host what localStorage holds.
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** What a render on the server draws: the request's answer there (app/render-start-page.tsx); none elsewhere. */
let serverChoice: PositionChoice = 'unknown';

const isAnswer = (value: unknown): value is PositionAnswer => (POSITION_ANSWERS as readonly unknown[]).includes(value);

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function read(): Exclude<PositionChoice, 'unknown'> {
  try {
    const value = storage()?.getItem(STORAGE_KEY);
    return isAnswer(value) ? value : 'ask';
  } catch {
    return 'ask';
  }
}

function tellTheHost(choice: Exclude<PositionChoice, 'unknown'>): void {
  if (typeof document === 'undefined') return;
  document.cookie = choice === 'ask' ? `${POSITION_CHOICE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax` : `${POSITION_CHOICE_COOKIE}=${choice}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

/** Remembers the answer on the device (and tells every screen showing it); 'ask' forgets it. */
export function setPositionChoice(choice: Exclude<PositionChoice, 'unknown'>): void {
  try {
    if (choice === 'ask') storage()?.removeItem(STORAGE_KEY);
    else storage()?.setItem(STORAGE_KEY, choice);
  } catch {
    // Storage may be unavailable (private mode): the answer lasts while the page does.
  }
  tellTheHost(choice);
  listeners.forEach((listener) => listener());
}

/** The answer a render on the server draws with (the request's cookie), 'unknown' again after it. */
export function setServerPositionChoice(choice: PositionChoice): void {
  serverChoice = choice;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The device's answer, live. A prerender (no device) says 'unknown' and shows no question; the web host's render, the request's. */
export function usePositionChoice(): PositionChoice {
  const choice = useSyncExternalStore(subscribe, read, () => serverChoice);
  // The host's copy of an answer kept before the copy existed (an effect: never in a render on the server).
  useEffect(() => {
    if (choice !== 'unknown') tellTheHost(choice);
  }, [choice]);
  return choice;
}
