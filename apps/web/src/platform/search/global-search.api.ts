import type { GlobalSearchResult } from '@atrium/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import { workspaceKey } from '../api/query-keys';

// the server's limits (globalSearchQuerySchema): shorter is not searched, longer is cut
export const GLOBAL_SEARCH_MIN_LENGTH = 2;
export const GLOBAL_SEARCH_MAX_LENGTH = 100;

export const useGlobalSearch = (term: string) =>
  useQuery({
    queryKey: workspaceKey('global-search', term),
    queryFn: ({ signal }) => apiRequest<GlobalSearchResult>(`/api/v1/core/search?q=${encodeURIComponent(term)}`, { signal }),
    enabled: term.length >= GLOBAL_SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
