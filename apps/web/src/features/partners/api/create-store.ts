import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeDetailSchema, type CreateStoreRequest } from '@app/shared/schemas/partners';
import { api } from '@/lib/api-client';

// POST /stores/ (admin, or a vendor adding its own store): approved at once.
export const createStore = (body: CreateStoreRequest) => api.post('/stores/', body, { schema: storeDetailSchema });

export function useCreateStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStore,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['stores'] });
      await queryClient.invalidateQueries({ queryKey: ['vendors'] });
    },
  });
}
