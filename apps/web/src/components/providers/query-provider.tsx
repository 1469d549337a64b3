import { use, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BUILD_ID } from '@/lib/build-id';
import { queryClient } from '@/lib/query-client';
import { createQueryPersister, indexedDbPersistStorage } from '@/lib/query-persist';
import { session, useSession } from '@/lib/session';

// What the member last loaded is kept on the device (lib/query-persist.ts, decision 029).
const persister = createQueryPersister({
  client: queryClient,
  storage: indexedDbPersistStorage(),
  buster: BUILD_ID ?? 'dev',
});

// The restore starts as soon as this module loads (with the section's layout, before the
// router has rendered anything), so it is usually done by the first render.
persister.restore(session.getState().user?.memberId ?? null);

// Whatever one member's pages cached is not for the next one: not in memory, not on the device.
session.onSignOut(() => {
  const member = persister.owner();
  if (member !== null) void persister.forget(member);
  queryClient.clear();
});

if (typeof document !== 'undefined') {
  // The last second's changes, before the tab goes to the background (or is closed).
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void persister.flush();
  });
}

/**
 * TanStack Query for the pages below it (one client for the whole app). The pages render once
 * the member's kept data is in the client, so a start offline shows it at once.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  use(persister.restore(user?.memberId ?? null));
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
