import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { stateSchema, type State } from '@app/shared/schemas/catalog';
import { api } from '@/lib/api-client';

// GET /states: the rate card's state filter and the new city's state.

export function getStates(signal?: AbortSignal): Promise<State[]> {
  return api.get('/states', { schema: z.array(stateSchema), signal });
}

export const statesQueryOptions = () =>
  queryOptions({ queryKey: ['catalog', 'states'], queryFn: ({ signal }) => getStates(signal), staleTime: 60 * 60_000 });

export function useStates() {
  return useQuery(statesQueryOptions());
}
