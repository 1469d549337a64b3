import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { LIST_MAX_LIMIT } from '@app/shared/constants';
import type { OrderStatus } from '@app/shared/order-status';
import { orderSchema } from '@app/shared/schemas/orders';
import { api } from '@/lib/api-client';

// GET /orders for a driver: the API answers the pending orders of the driver's city and
// the orders assigned to the driver; these two queries split them for the home page.

export const DRIVER_ACTIVE_STATUSES = ['accepted', 'moving', 'arrived', 'waiting_store', 'waiting_admin', 'waiting_driver', 'issue'] as const satisfies readonly OrderStatus[];

/** The prefix every driver order list shares (mutations invalidate by it). */
export const driverOrdersKey = ['driver', 'orders'] as const;

export type DriverOrdersQuery = { status: readonly OrderStatus[]; driver_id?: number };

export function getDriverOrders(query: DriverOrdersQuery, signal?: AbortSignal) {
  return api.getList('/orders', {
    query: { status: query.status.join(','), driver_id: query.driver_id, limit: LIST_MAX_LIMIT },
    signal,
    schema: z.array(orderSchema),
  });
}

export const driverOrdersQueryOptions = (query: DriverOrdersQuery) =>
  queryOptions({
    queryKey: [...driverOrdersKey, 'list', query],
    queryFn: ({ signal }) => getDriverOrders(query, signal),
    // Pickups appear and go while the driver looks: keep the board fresh.
    refetchInterval: 15_000,
  });

export function useDriverOrders(query: DriverOrdersQuery, enabled = true) {
  return useQuery({ ...driverOrdersQueryOptions(query), enabled });
}
