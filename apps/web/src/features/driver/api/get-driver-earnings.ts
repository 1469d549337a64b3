import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { WALLET_TRANSACTIONS_MAX, driverEarningsSchema, type DriverEarnings } from '@app/shared/schemas/wallets';
import { api } from '@/lib/api-client';

/** GET /wallets/driver-earnings: a driver gets its own earnings (one entry, or none yet). */
export async function getDriverEarnings(signal?: AbortSignal): Promise<DriverEarnings | null> {
  const list = await api.get('/wallets/driver-earnings', {
    query: { transactions_limit: WALLET_TRANSACTIONS_MAX },
    signal,
    schema: z.array(driverEarningsSchema),
  });
  return list[0] ?? null;
}

export const driverEarningsQueryOptions = () =>
  queryOptions({ queryKey: ['driver', 'earnings'], queryFn: ({ signal }) => getDriverEarnings(signal) });

export function useDriverEarnings() {
  return useQuery(driverEarningsQueryOptions());
}
