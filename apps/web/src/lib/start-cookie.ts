import { START_SESSION_PATH } from '@app/shared/rendered-start';
import type { SessionStore } from './session';

const browserFetch: typeof fetch = (input, init) => fetch(input, init);

/**
 * Keeps the web host's start cookie (decision 089) in step with `session`: asked for with each
 * new access token of a signed-in member (the web host then renders their start page with
 * their answers on a visit without the service worker), dropped when the session ends. Both
 * go to the web app's own origin, not the API; a host without them (Vite's dev server) answers
 * 404, and a failure only means the next first visit starts as before.
 */
export function keepStartCookie(session: SessionStore, send: typeof fetch = browserFetch): void {
  let asked: string | null = null;
  session.subscribe(() => {
    const { tokens, user } = session.getState();
    const token = user && tokens ? tokens.accessToken : null;
    if (!token || token === asked) return;
    asked = token;
    void send(START_SESSION_PATH, { method: 'POST', headers: { authorization: `Bearer ${token}` }, credentials: 'same-origin' }).catch(() => undefined);
  });
  session.onSignOut(() => {
    asked = null;
    dropStartCookie(send);
  });
}

/** Drops the start cookie of every section on this device (a sign-out, or a rendered page for someone this device does not know). */
export function dropStartCookie(send: typeof fetch = browserFetch): void {
  void send(START_SESSION_PATH, { method: 'DELETE', credentials: 'same-origin' }).catch(() => undefined);
}
