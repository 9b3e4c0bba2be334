import type { SavedView, SavedViewCreate, SavedViewKey, SavedViewWrite } from '@atrium/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import { API } from '../api/paths';
import { workspaceKey } from '../api/query-keys';

export const savedViewKeys = {
  list: (listKey: SavedViewKey) => workspaceKey('saved-views', listKey),
};

export const savedViewsQuery = (listKey: SavedViewKey) =>
  queryOptions({ queryKey: savedViewKeys.list(listKey), queryFn: () => apiRequest<SavedView[]>(API.savedViews(listKey)) });

export const useSavedViews = (listKey: SavedViewKey) => useQuery(savedViewsQuery(listKey));

export function useSaveView(listKey: SavedViewKey) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: SavedViewWrite }) =>
      id
        ? apiRequest<SavedView>(API.savedView(id), { method: 'PUT', body })
        : apiRequest<SavedView>(API.savedViewCreate, { method: 'POST', body: { ...body, listKey } satisfies SavedViewCreate }),
    onSuccess: () => qc.invalidateQueries({ queryKey: savedViewKeys.list(listKey) }),
  });
}

export function useDeleteView(listKey: SavedViewKey) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(API.savedView(id), { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: savedViewKeys.list(listKey) }),
  });
}
