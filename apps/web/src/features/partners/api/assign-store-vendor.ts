import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// PATCH /stores/{id}/ {vendor_id} (admin): the store belongs to this vendor from now on.
export const assignStoreVendor = ({ storeId, vendorId }: { storeId: number; vendorId: number }) =>
  api.patch(`/stores/${storeId}/`, { vendor_id: vendorId });

export function useAssignStoreVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignStoreVendor,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['stores'] });
      await queryClient.invalidateQueries({ queryKey: ['vendors'] });
    },
  });
}
