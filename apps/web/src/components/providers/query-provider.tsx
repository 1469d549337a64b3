import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { session } from '@/lib/session';

// Whatever one member's pages cached is not for the next one.
session.onSignOut(() => queryClient.clear());

/** TanStack Query for the pages below it (one client for the whole app). */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
