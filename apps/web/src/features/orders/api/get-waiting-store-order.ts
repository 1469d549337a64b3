import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORE_POLL_INTERVAL_MS } from '@app/shared/constants';
import type { Order } from '@app/shared/schemas/orders';
import { getOrders, ORDERS_KEY } from './get-orders';

// product-spec.md section 4: store users poll GET /orders?status=waiting_store every 5 s
// and the first order returned is shown. The list answers ETag and honours If-None-Match
// (the browser revalidates with it: `cache-control: no-cache`), so an unchanged poll is a 304.

export const waitingStoreOrderQueryOptions = () =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'waiting_store'],
    queryFn: async ({ signal }): Promise<Order | null> => (await getOrders({ status: ['waiting_store'] }, { limit: 1 }, signal)).items[0] ?? null,
    refetchInterval: STORE_POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });

export function useWaitingStoreOrder(enabled: boolean) {
  return useQuery({ ...waitingStoreOrderQueryOptions(), enabled });
}
