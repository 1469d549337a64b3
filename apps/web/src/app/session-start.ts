import { readRuntimeConfigOnce } from '@/config/runtime-config';
import { providerRefresher } from '@/lib/auth-provider';
import { session } from '@/lib/session';
import { keepStartCookie } from '@/lib/start-cookie';

// The page's first request to the API, sent before the app has arrived (decision 087). A
// reload has the member on the device but their tokens were in memory, and every request of
// the page waits for the refresh that brings them back. This module is a chunk of its own
// (vite-session-start.ts) that index.html's script asks for first: on a slow phone network
// the refresh is answered while the app's scripts are still arriving, instead of starting
// once they have all run; on a phone home its first data follows at once (./start-data.ts).
// main.tsx imports it too, as the first module it runs: one module, run once, by whichever
// asks first; the app's own start then finds the refresh under way (lib/session.ts shares
// it) or done.

/** Reads the configuration, resumes the session of the member the device knows, if any, and asks for their home's first data. */
export async function startSession(): Promise<void> {
  // A configuration that cannot be read is main.tsx's to show; without it there is no API to ask.
  const config = await readRuntimeConfigOnce().catch(() => null);
  if (!config) return;
  session.configure(providerRefresher);
  const resumed = session.resume();
  const { user } = session.getState();
  // Its own chunk, which index.html's script asks for with this one: the query cache and the
  // data layer are more than the sign-in page, which also starts with this module, loads.
  if (user) void import('./start-data').then(({ prefetchStartData }) => prefetchStartData(user, window.location.pathname));
  await resumed;
}

// The web host's start cookie follows the session from here on, sign-ins on /login included.
keepStartCookie(session);
void startSession();
