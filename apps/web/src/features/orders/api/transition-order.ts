import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderAction } from '@app/shared/order-machine';
import { orderDetailSchema, type OrderDetail } from '@app/shared/schemas/orders';
import { api } from '@/lib/api-client';
import { ORDERS_KEY } from './get-orders';

// PATCH /orders/{action}/{id}/: one transition of the shared table (order-machine.ts).

export interface AdminLineInput {
  id?: number;
  material_id: number;
  weight: string | number;
  amount?: number;
}

export type TransitionInput =
  | { action: 'complete' | 'waiting_admin'; id: number }
  | { action: 'waiting_driver'; id: number; details: AdminLineInput[] }
  | { action: 'cancel'; id: number; reason?: string | null };

export function transitionOrder(input: TransitionInput): Promise<OrderDetail> {
  const { action, id } = input;
  let body: unknown;
  if (input.action === 'waiting_driver') body = { details: input.details };
  else if (input.action === 'cancel') body = input.reason ? { reason: input.reason } : {};
  return api.patch<OrderDetail>(`/orders/${action satisfies OrderAction}/${id}/`, body, { schema: orderDetailSchema });
}

/** Runs a transition, then refetches every orders query (lists, counts, the detail, the store's poll). */
export function useTransitionOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transitionOrder,
    // Not awaited: the caller's own callbacks (toasts) run before the refetch unmounts them.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });
}
