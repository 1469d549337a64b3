import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { rateEntrySchema, type RateEntry } from '@app/shared/schemas/catalog';
import { api } from '@/lib/api-client';

/** GET /rates?type=driver&city_id=N: the driver's rates of one city (one entry). */
export function getDriverRates(cityId: number, signal?: AbortSignal): Promise<RateEntry[]> {
  return api.get('/rates', { query: { type: 'driver', city_id: cityId }, signal, schema: z.array(rateEntrySchema) });
}

export const driverRatesQueryOptions = (cityId: number) =>
  queryOptions({ queryKey: ['driver', 'rates', cityId], queryFn: ({ signal }) => getDriverRates(cityId, signal), staleTime: 5 * 60_000 });

export function useDriverRates(cityId: number | null) {
  return useQuery({ ...driverRatesQueryOptions(cityId ?? 0), enabled: cityId !== null });
}
