import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { orderSchema } from '@app/shared/schemas/orders';
import { api } from '@/lib/api-client';

// GET /orders?search=: the caller's orders to pick the one an issue is about.
export const orderChoicesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['orders', 'escalation-choices', search],
    queryFn: ({ signal }) => api.getList('/orders', { query: { search: search || undefined, limit: 20 }, signal, schema: z.array(orderSchema) }),
  });

export const useOrderChoices = (search: string) => useQuery(orderChoicesQueryOptions(search));
