import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderDetailSchema, type CreateOrderBody, type OrderDetail } from '@app/shared/schemas/orders';
import { api } from '@/lib/api-client';
import { ORDERS_KEY } from './get-orders';

// POST /orders/: a store asks for a pickup.

export function createOrder(body: CreateOrderBody): Promise<OrderDetail> {
  return api.post<OrderDetail>('/orders/', body, { schema: orderDetailSchema });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });
}
