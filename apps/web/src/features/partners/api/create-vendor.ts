import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vendorSchema, type CreateVendorRequest } from '@app/shared/schemas/partners';
import { api } from '@/lib/api-client';

// POST /vendors/ (admin): a vendor with its account, approved at once.
export const createVendor = (body: CreateVendorRequest) => api.post('/vendors/', body, { schema: vendorSchema });

export function useCreateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVendor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['vendors'] }),
  });
}
