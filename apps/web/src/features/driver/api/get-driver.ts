import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Driver } from '@app/shared/schemas/partners';
import { api } from '@/lib/api-client';

/** GET /drivers/{id}/: the driver's own profile (city, phone, vehicle, counts, earnings). */
export function getDriver(id: number, signal?: AbortSignal): Promise<Driver> {
  return api.get<Driver>(`/drivers/${id}/`, { signal });
}

export const driverQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['driver', 'profile', id], queryFn: ({ signal }) => getDriver(id, signal) });

export function useDriver(id: number | null) {
  return useQuery({ ...driverQueryOptions(id ?? 0), enabled: id !== null });
}
