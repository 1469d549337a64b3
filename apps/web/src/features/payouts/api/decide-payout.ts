import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { PAYOUTS_KEY } from './get-payouts';
import type { Payout } from './payout-schema';

// PATCH /payouts/{id}/approve/ (admin, with the bank transfer's reference),
// /reject/ (admin, with a reason), /cancel/ (the requester). A payout that is no longer
// `requested` answers 409: someone else decided first.

export type PayoutDecision =
  | { action: 'approve'; id: number; reference: string }
  | { action: 'reject'; id: number; reason: string }
  | { action: 'cancel'; id: number };

export function decidePayout(decision: PayoutDecision): Promise<Payout> {
  const body = decision.action === 'approve' ? { reference: decision.reference } : decision.action === 'reject' ? { reason: decision.reason } : {};
  return api.patch<Payout>(`/payouts/${decision.id}/${decision.action}/`, body);
}

export function useDecidePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decidePayout,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY });
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallets.all });
    },
  });
}
