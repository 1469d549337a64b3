import { hydrate } from '@tanstack/react-query';
import { KEPT_LINE_SELECTOR, START_STATE_ELEMENT_ID } from '@app/shared/rendered-start';
import { hydrateKept } from '@/lib/kept-data';
import { queryClient } from '@/lib/query-client';
import { session } from '@/lib/session';
import { dropStartCookie } from '@/lib/start-cookie';
import type { RenderedStartState } from './render-start-page';

/**
 * The answers the web host drew the start page with (decision 089), taken into the query cache
 * before the app's first render, so that it draws the same page instead of waiting for them.
 * Only for the member this device knows; once (the element goes). A copy the device kept
 * (its age line shown; decision 090) holds kept data, asked for afresh. Whether fresh answers
 * were taken.
 */
export function adoptRenderedStart(doc: Document): boolean {
  const element = doc.getElementById(START_STATE_ELEMENT_ID);
  if (!element) return false;
  element.remove();
  let state: RenderedStartState;
  try {
    state = JSON.parse(element.textContent ?? '') as RenderedStartState;
  } catch {
    return false;
  }
  const user = session.getState().user;
  if (!user || user.memberId !== state.user?.memberId) {
    // Someone this device does not know (signed out here while offline): the cookie goes too.
    dropStartCookie();
    return false;
  }
  if (doc.querySelector(`#root ${KEPT_LINE_SELECTOR}:not([hidden])`)) {
    hydrateKept(queryClient, state.queries, Date.now());
    return false;
  }
  hydrate(queryClient, state.queries);
  return true;
}
