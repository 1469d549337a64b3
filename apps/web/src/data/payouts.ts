import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Payout, PayoutStatus } from '@app/shared/schemas/money';
import { api } from '@/lib/api-client';
import { idempotencyHeader } from '@/lib/idempotency-key';
import { queryKeys } from '@/lib/query-keys';
import { cursorPages, getAllPages, getPage } from './page';

// Payouts (design.md section 10): GET /payouts/ (a vendor or driver sees its own, the admin
// all; newest first, cursor pages), a request from a wallet, and the decisions on it. A
// request or a decision moves the payouts and the wallets.

export interface PayoutsFilter {
  status?: PayoutStatus;
  vendor_id?: number;
  driver_id?: number;
}


export const payoutPagesQuery = (filter: PayoutsFilter = {}, limit = 25) =>
  infiniteQueryOptions({
    queryKey: queryKeys.payouts.pages({ ...filter }, limit),
    queryFn: ({ signal, pageParam }) => getPage<Payout>('/payouts/', { ...filter, limit, cursor: pageParam }, signal),
    ...cursorPages,
  });

export const usePayoutsPages = (filter: PayoutsFilter = {}, limit = 25) => useInfiniteQuery(payoutPagesQuery(filter, limit));

/** Every payout of the filter, page after page (the CSV export). */
export async function getAllPayouts(filter: PayoutsFilter): Promise<Payout[]> {
  return (await getAllPages<Payout>('/payouts/', { ...filter }, 500)).rows;
}

// ---- Changes ---------------------------------------------------------------------------

/** Not awaited: the caller's own callbacks (toasts, closing the dialog) come first. */
function invalidatePayouts(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.payouts.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.wallets.all });
}

export interface RequestPayoutInput {
  /** Rupees, as typed (at most 2 decimals). */
  amount: number;
  note?: string;
  idempotencyKey: string;
}

/**
 * POST /payouts/ by a vendor (from its wallet) or a driver (from its earnings). The dialog
 * makes one Idempotency-Key per request it shows, so a retry after a lost answer (a double
 * click, a flaky network) answers the same payout instead of asking for a second one.
 */
export function requestPayout({ amount, note, idempotencyKey }: RequestPayoutInput): Promise<Payout> {
  return api.post<Payout>('/payouts/', note ? { amount, note } : { amount }, {
    headers: idempotencyHeader(idempotencyKey),
    // Safe to retry: the key makes the server answer the first payout again.
    retry: true,
  });
}

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestPayout, onSettled: () => invalidatePayouts(queryClient) });
}

export type PayoutDecision =
  | { action: 'approve'; id: number; reference: string }
  | { action: 'reject'; id: number; reason: string }
  | { action: 'cancel'; id: number };

/**
 * PATCH /payouts/{id}/approve/ (admin, with the bank transfer's reference), /reject/ (admin,
 * with a reason), /cancel/ (the requester). A payout that is no longer `requested` answers
 * 409: someone else decided first.
 */
export function decidePayout(decision: PayoutDecision): Promise<Payout> {
  const body = decision.action === 'approve' ? { reference: decision.reference } : decision.action === 'reject' ? { reason: decision.reason } : {};
  return api.patch<Payout>(`/payouts/${decision.id}/${decision.action}/`, body);
}

export function useDecidePayout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decidePayout, onSettled: () => invalidatePayouts(queryClient) });
}
