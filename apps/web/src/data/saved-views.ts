import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateSavedViewBody, SavedView, SavedViewList } from '@app/shared/schemas/saved-views';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// A member's saved list views (GET/POST/DELETE /saved-views/): a name and the list's query string.

export const savedViewsQuery = (list: SavedViewList) =>
  queryOptions({
    queryKey: queryKeys.savedViews.list(list),
    queryFn: ({ signal }): Promise<SavedView[]> => api.get<SavedView[]>('/saved-views/', { query: { list }, signal }),
    staleTime: 5 * 60_000,
  });

export const useSavedViews = (list: SavedViewList) => useQuery(savedViewsQuery(list));

export function useCreateSavedView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSavedViewBody): Promise<SavedView> => api.post<SavedView>('/saved-views/', body),
    // The new view shows in the picker at once, newest first, before the refetch confirms it.
    onSuccess: (view) => {
      queryClient.setQueryData<SavedView[]>(queryKeys.savedViews.list(view.list), (views) => [view, ...(views ?? []).filter((v) => v.id !== view.id)]);
      return queryClient.invalidateQueries({ queryKey: queryKeys.savedViews.list(view.list) });
    },
  });
}

/** Deletes a view; it leaves the picker at once and comes back if the server refuses. */
export function useDeleteSavedView(list: SavedViewList) {
  const queryClient = useQueryClient();
  const key = queryKeys.savedViews.list(list);
  return useMutation({
    mutationFn: (view: SavedView) => api.delete(`/saved-views/${view.id}/`),
    onMutate: async (view) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<SavedView[]>(key);
      queryClient.setQueryData<SavedView[]>(key, (views) => views?.filter((v) => v.id !== view.id));
      return { before };
    },
    onError: (_error, _view, context) => queryClient.setQueryData(key, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
