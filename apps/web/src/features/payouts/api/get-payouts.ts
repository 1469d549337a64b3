import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Payout, PayoutStatus } from './payout-schema';

// GET /payouts/: a vendor or driver sees its own, the admin all; newest first, cursor pages.

export interface PayoutsFilter {
  status?: PayoutStatus;
  vendor_id?: number;
  driver_id?: number;
}

/** The root of every payouts query: a request or a decision invalidates it. */
export const PAYOUTS_KEY = ['payouts'] as const;

export function getPayoutsPage(filter: PayoutsFilter, page: { limit: number; cursor: string | null }, signal?: AbortSignal) {
  return api.getList<Payout>('/payouts/', { query: { ...filter, limit: page.limit, cursor: page.cursor ?? undefined }, signal });
}

export const payoutsInfiniteQueryOptions = (filter: PayoutsFilter = {}, limit = 25) =>
  infiniteQueryOptions({
    queryKey: [...PAYOUTS_KEY, 'pages', { ...filter }, limit] as const,
    queryFn: ({ signal, pageParam }) => getPayoutsPage(filter, { limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function usePayoutsPages(filter: PayoutsFilter = {}, limit = 25) {
  return useInfiniteQuery(payoutsInfiniteQueryOptions(filter, limit));
}

/** Every payout of the filter, page after page (the CSV export). */
export async function getAllPayouts(filter: PayoutsFilter): Promise<Payout[]> {
  const all: Payout[] = [];
  let cursor: string | null = null;
  do {
    const page = await getPayoutsPage(filter, { limit: 500, cursor });
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}
