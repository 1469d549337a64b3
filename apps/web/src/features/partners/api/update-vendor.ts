import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vendorSchema, type UpdateVendorRequest } from '@app/shared/schemas/partners';
import { api } from '@/lib/api-client';

// PATCH /vendors/{id}/ (admin, or the vendor itself): company name, address, phone.
export const updateVendor = ({ id, body }: { id: number; body: UpdateVendorRequest }) => api.patch(`/vendors/${id}/`, body, { schema: vendorSchema });

export function useUpdateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVendor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['vendors'] }),
  });
}
