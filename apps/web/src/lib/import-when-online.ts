import { isOnline, subscribeOnline } from './network-status';

/**
 * Loads a lazy part of the app (a chunk), waiting out a lost connection. Until the service
 * worker holds the build (a first visit), a chunk asked for offline cannot arrive: thrown, it
 * would replace the page with an error boundary. Offline, the load is asked again once the
 * browser is back online (Chromium fetches a failed module again). Online, a failure is the
 * caller's: a chunk of an old build is gone (lib/build-update.ts reloads for the new one).
 */
export function importWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    if (isOnline()) throw error;
    return nextOnline().then(() => importWhenOnline(load));
  });
}

function nextOnline(): Promise<void> {
  return new Promise((resolve) => {
    const stop = subscribeOnline((online) => {
      if (!online) return;
      stop();
      resolve();
    });
  });
}
