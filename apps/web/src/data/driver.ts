import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Driver, UpdateDriverRequest } from '@app/shared/schemas/partners';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// The signed-in driver's own profile (city, phone, vehicle, counts, earnings): GET and PATCH
// /drivers/{id}/ under the driver's key. The admin's view of drivers is data/partners.ts.

export const driverProfileQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.driver.profile(id), queryFn: ({ signal }) => api.get<Driver>(`/drivers/${id}/`, { signal }) });

export const useDriverProfile = (id: number | null) => useQuery({ ...driverProfileQuery(id ?? 0), enabled: id !== null });

/** PATCH /drivers/{id}/ {vehicle_number?, phone?}: the driver changes its own details; the answer replaces the cached profile. */
export function useUpdateDriverProfile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDriverRequest) => api.patch<Driver>(`/drivers/${id}/`, body),
    onSuccess: (driver) => queryClient.setQueryData(driverProfileQuery(id).queryKey, driver),
  });
}
