import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * After any change to a material, a city or a rate: the card, its history, the materials
 * and every rate lookup (order forms, the driver's weighing) are stale.
 */
export function invalidateCatalog(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: queryKeys.catalog.all });
}
