import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DELETE } from '@/lib/api-client';

// DELETE /staff/{id}/ through the spec's DELETE helper: it toasts the server's detail
// ("Deleted successfully!") or "Delete failed", and answers whether it worked.
export const deleteStaff = (id: number) => DELETE('/staff', id);

export function useDeleteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}
