import type { QueryClient } from '@tanstack/react-query';
import { rateCardQueryOptions } from './get-rate-card';
import { materialsQueryOptions } from './get-materials';

/** After any change to a material: its lists and the card (its columns and defaults) are stale. */
export function invalidateMaterials(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: materialsQueryOptions().queryKey.slice(0, 1) }),
    queryClient.invalidateQueries({ queryKey: rateCardQueryOptions().queryKey.slice(0, 1) }),
  ]);
}
