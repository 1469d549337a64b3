import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { WALLET_TRANSACTIONS_MAX, vendorWalletSchema, type VendorWallet } from '@app/shared/schemas/wallets';
import { api } from '@/lib/api-client';

// GET /wallets/: the wallets the caller may see; a vendor sees its own (one, or none before
// its first completed order).

export type WalletsQuery = { transactions_limit?: number };

export function getWallets(query: WalletsQuery, signal?: AbortSignal): Promise<VendorWallet[]> {
  return api.get('/wallets/', { query, signal, schema: z.array(vendorWalletSchema) });
}

export const walletsQueryOptions = (query: WalletsQuery = { transactions_limit: WALLET_TRANSACTIONS_MAX }) =>
  queryOptions({ queryKey: ['wallets', query], queryFn: ({ signal }) => getWallets(query, signal) });

/** The signed-in vendor's wallet (null before the first credit). */
export function useVendorWallet(query?: WalletsQuery) {
  return useQuery({ ...walletsQueryOptions(query), select: (wallets) => wallets[0] ?? null });
}
