import { queryOptions, useQuery } from '@tanstack/react-query';
import { escalationSchema } from '@app/shared/schemas/escalations';
import { api } from '@/lib/api-client';

// GET /escalations/{id}.
export const escalationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['escalations', 'detail', id],
    queryFn: ({ signal }) => api.get(`/escalations/${id}`, { schema: escalationSchema, signal }),
  });

export const useEscalation = (id: number) => useQuery(escalationQueryOptions(id));
