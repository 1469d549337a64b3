import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { escalationListQuerySchema} from '@app/shared/schemas/escalations';
import type { CreateEscalationRequest, Escalation, UpdateEscalationRequest } from '@app/shared/schemas/escalations';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { cursorPages, getPage } from './page';

// Escalations (issues raised by stores and vendors, settled by an admin).

export type EscalationsQuery = Partial<Omit<z.output<typeof escalationListQuerySchema>, 'limit' | 'cursor'>>;

export const escalationsQuery = (query: EscalationsQuery = {}) =>
  infiniteQueryOptions({
    queryKey: queryKeys.escalations.list(query),
    queryFn: ({ pageParam, signal }) => getPage<Escalation>('/escalations', { limit: 50, ...query, cursor: pageParam }, signal),
    ...cursorPages,
  });

export const useEscalations = (query?: EscalationsQuery) => useInfiniteQuery(escalationsQuery(query));

export const escalationQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.escalations.detail(id), queryFn: ({ signal }) => api.get<Escalation>(`/escalations/${id}`, { signal }) });

export const useEscalation = (id: number) => useQuery(escalationQuery(id));

/** POST /escalations/ (store or vendor): every admin is notified. */
export function useCreateEscalation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEscalationRequest) => api.post<Escalation>('/escalations/', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.escalations.all }),
  });
}

/** PATCH /escalations/{id}/ (admin): status and resolution; resolving notifies the creator. */
export function useUpdateEscalation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateEscalationRequest }) => api.patch<Escalation>(`/escalations/${id}/`, body),
    onSuccess: (escalation) => {
      queryClient.setQueryData(queryKeys.escalations.detail(escalation.id), escalation);
      return queryClient.invalidateQueries({ queryKey: queryKeys.escalations.all });
    },
  });
}
