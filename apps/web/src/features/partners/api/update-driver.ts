import { useMutation, useQueryClient } from '@tanstack/react-query';
import { driverSchema, type UpdateDriverRequest } from '@app/shared/schemas/partners';
import { api } from '@/lib/api-client';

// PATCH /drivers/{id}/ (admin): vehicle number, phone, city.
export const updateDriver = ({ id, body }: { id: number; body: UpdateDriverRequest }) => api.patch(`/drivers/${id}/`, body, { schema: driverSchema });

export function useUpdateDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDriver,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['drivers'] }),
  });
}
