import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { idempotencyHeader } from '@/lib/idempotency-key';
import { queryKeys } from '@/lib/query-keys';
import { PAYOUTS_KEY } from './get-payouts';
import type { Payout } from './payout-schema';

// POST /payouts/ by a vendor (from its wallet) or a driver (from its earnings). The dialog
// makes one Idempotency-Key per request it shows, so a retry after a lost answer (a double
// click, a flaky network) answers the same payout instead of asking for a second one.

export interface RequestPayoutInput {
  /** Rupees, as typed (at most 2 decimals). */
  amount: number;
  note?: string;
  idempotencyKey: string;
}

export function requestPayout({ amount, note, idempotencyKey }: RequestPayoutInput): Promise<Payout> {
  return api.post<Payout>('/payouts/', note ? { amount, note } : { amount }, {
    headers: idempotencyHeader(idempotencyKey),
    // Safe to retry: the key makes the server answer the first payout again.
    retry: true,
  });
}

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPayout,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY });
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallets.all });
    },
  });
}
