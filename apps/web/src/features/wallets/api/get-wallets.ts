import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DriverEarnings, VendorWallet } from '@app/shared/schemas/wallets';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// GET /wallets/ and /wallets/driver-earnings: the balance and what is `available` (the
// balance minus payouts still requested, design.md section 10). The entries page through
// GET /wallets/transactions (get-ledger.ts), so no transactions are asked for here.

export type WalletParty = 'vendor' | 'driver';

/** One wallet, vendor's or driver's, as these screens need it. */
export interface WalletSummary {
  party: WalletParty;
  /** The vendor's or driver's id. */
  ownerId: number;
  balance: number;
  available: number;
}

export async function getWallet(party: WalletParty, signal?: AbortSignal): Promise<WalletSummary | null> {
  const query = { transactions_limit: 0 };
  if (party === 'vendor') {
    const [wallet] = await api.get<VendorWallet[]>('/wallets/', { query, signal });
    return wallet ? { party, ownerId: wallet.vendor_id, balance: wallet.balance, available: wallet.available } : null;
  }
  const [wallet] = await api.get<DriverEarnings[]>('/wallets/driver-earnings', { query, signal });
  return wallet ? { party, ownerId: wallet.driver_id, balance: wallet.balance, available: wallet.available } : null;
}

export const walletQueryOptions = (party: WalletParty) =>
  queryOptions({
    // Under the wallets root, so whatever invalidates wallets (a completion, a payout) refetches it.
    queryKey: [...queryKeys.wallets.all, 'summary', party] as const,
    queryFn: ({ signal }) => getWallet(party, signal),
  });

/** The signed-in vendor's wallet or driver's earnings (null before the first credit). */
export function useWallet(party: WalletParty) {
  return useQuery(walletQueryOptions(party));
}

export type WalletsQuery = { transactions_limit?: number };

/** GET /wallets/ as the API answers it (the vendor home's balance tile). */
export const walletsQueryOptions = (query: WalletsQuery = { transactions_limit: 0 }) =>
  queryOptions({ queryKey: queryKeys.wallets.list(query), queryFn: ({ signal }) => api.get<VendorWallet[]>('/wallets/', { query, signal }) });

/** The signed-in vendor's wallet (null before the first credit). */
export function useVendorWallet(query?: WalletsQuery) {
  return useQuery({ ...walletsQueryOptions(query), select: (wallets) => wallets[0] ?? null });
}
