import { useEffect } from 'react';
import { queryClient } from '@/lib/query-client';
import { startLiveUpdates } from '../stream/live-updates';

/**
 * Keeps this tab's screens in step with the server (design.md section 12). Mounted once
 * at the root while a member is signed in, lazily, so /login never loads it.
 */
export function LiveUpdates() {
  useEffect(() => startLiveUpdates(queryClient), []);
  return null;
}
