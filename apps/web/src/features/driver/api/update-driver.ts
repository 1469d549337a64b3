import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Driver, UpdateDriverRequest } from '@app/shared/schemas/partners';
import { api } from '@/lib/api-client';
import { driverQueryOptions } from './get-driver';

/** PATCH /drivers/{id}/ {vehicle_number?, phone?}: the driver changes its own details. */
export function updateDriver(id: number, body: UpdateDriverRequest): Promise<Driver> {
  return api.patch<Driver>(`/drivers/${id}/`, body);
}

export function useUpdateDriver(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDriverRequest) => updateDriver(id, body),
    onSuccess: (driver) => queryClient.setQueryData(driverQueryOptions(id).queryKey, driver),
  });
}
