import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { RateType } from '@app/shared/constants';
import { rateEntrySchema, type RateEntry } from '@app/shared/schemas/catalog';
import { api } from '@/lib/api-client';

// GET /rates?type=vendor: one entry per city, one key per material name (look up with
// findRate from @app/shared/schemas/catalog by city id and material name).

const ratesSchema = z.array(rateEntrySchema);

export function getRates(type: RateType, cityId?: number, signal?: AbortSignal): Promise<RateEntry[]> {
  return api.get<RateEntry[]>('/rates', { query: { type, city_id: cityId }, schema: ratesSchema, signal });
}

export const ratesQueryOptions = (type: RateType = 'vendor', cityId?: number) =>
  queryOptions({
    queryKey: ['orders-catalog', 'rates', type, cityId ?? null],
    queryFn: ({ signal }) => getRates(type, cityId, signal),
    staleTime: 10 * 60_000,
  });

export function useRates(type: RateType = 'vendor', cityId?: number, enabled = true) {
  return useQuery({ ...ratesQueryOptions(type, cityId), enabled });
}
