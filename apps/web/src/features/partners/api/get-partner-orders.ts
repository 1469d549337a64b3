import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { orderSchema } from '@app/shared/schemas/orders';
import { api } from '@/lib/api-client';

// GET /orders?vendor_id=|store_id=: one vendor's or one store's orders, newest first.
export type PartnerOrdersQuery = { vendor_id?: number; store_id?: number };

export const partnerOrdersQueryOptions = (query: PartnerOrdersQuery) =>
  infiniteQueryOptions({
    queryKey: ['orders', 'partner', query],
    queryFn: ({ pageParam, signal }) => api.getList('/orders', { query: { limit: 50, ...query, cursor: pageParam }, signal, schema: z.array(orderSchema) }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const usePartnerOrders = (query: PartnerOrdersQuery) => useInfiniteQuery(partnerOrdersQueryOptions(query));
