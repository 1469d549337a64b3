import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Household, HouseholdUpdate } from '@app/shared/schemas/households';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// The signed-in household's home (design.md section 21): GET and PATCH /households/me. Its
// address and pin are where a pickup goes unless the booking says otherwise.

export const householdQuery = () =>
  queryOptions({
    queryKey: queryKeys.households.me(),
    queryFn: ({ signal }): Promise<Household> => api.get<Household>('/households/me', { signal }),
  });

export const useHousehold = (enabled = true) => useQuery({ ...householdQuery(), enabled });

/** PATCH /households/me: the answer is the home afterwards. */
export function useUpdateHousehold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HouseholdUpdate): Promise<Household> => api.patch<Household>('/households/me', body),
    onSuccess: (household) => queryClient.setQueryData(queryKeys.households.me(), household),
  });
}
