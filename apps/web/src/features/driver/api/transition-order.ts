import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderAction } from '@app/shared/order-machine';
import { orderDetailSchema, type OrderDetail, type WeighedLinesBody } from '@app/shared/schemas/orders';
import { api } from '@/lib/api-client';
import { driverOrderQueryOptions } from './get-driver-order';
import { driverOrdersKey } from './get-driver-orders';

// PATCH /orders/{action}/{id}/: the driver's steps. The answer is the order afterwards.

export type DriverAction = Extract<OrderAction, 'accepted' | 'moving' | 'arrived' | 'waiting_store' | 'complete' | 'issue'>;

export type TransitionInput =
  | { id: number; action: 'accepted' | 'moving' | 'arrived' | 'complete' }
  | { id: number; action: 'waiting_store'; body: WeighedLinesBody }
  | { id: number; action: 'issue'; body: { reason: string } };

export function transitionOrder(input: TransitionInput): Promise<OrderDetail> {
  const body = 'body' in input ? input.body : undefined;
  return api.patch(`/orders/${input.action}/${input.id}/`, body, { schema: orderDetailSchema });
}

export function useTransitionOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transitionOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(driverOrderQueryOptions(order.id).queryKey, order);
      void queryClient.invalidateQueries({ queryKey: driverOrdersKey });
      void queryClient.invalidateQueries({ queryKey: ['driver', 'earnings'] });
    },
  });
}
