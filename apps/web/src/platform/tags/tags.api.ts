import type { Tag, TagCreate } from '@atrium/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import { workspaceKey } from '../api/query-keys';
import type { Paged, RecordRef } from '../notes/notes.api';

export const TAG_PATHS = {
  list: '/api/v1/core/tags/list',
  create: '/api/v1/core/tags',
  entity: (ref: RecordRef) => `/api/v1/core/tags/entity?entityKind=${ref.entityKind}&entityId=${ref.entityId}`,
} as const;

export const tagKeys = {
  all: () => workspaceKey('tags'),
  list: (search: string) => workspaceKey('tags', 'list', search),
  entity: (ref: RecordRef) => workspaceKey('tags', 'entity', ref.entityKind, ref.entityId),
};

export const useTagList = (search: string) =>
  useQuery({
    queryKey: tagKeys.list(search),
    queryFn: () =>
      apiRequest<Paged<Tag>>(TAG_PATHS.list, { method: 'POST', body: { page: 1, pageSize: 100, ...(search ? { search } : {}) } }),
  });
export const useEntityTags = (ref: RecordRef) =>
  useQuery({ queryKey: tagKeys.entity(ref), queryFn: () => apiRequest<Tag[]>(TAG_PATHS.entity(ref)) });

export function useCreateTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TagCreate) => apiRequest<Tag>(TAG_PATHS.create, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tagKeys.all() }),
  });
}

export function useSetEntityTags(ref: RecordRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (tagIds: string[]) => apiRequest<Tag[]>(TAG_PATHS.entity(ref), { method: 'PUT', body: { tagIds } }),
    onSuccess: async (tags) => {
      qc.setQueryData(tagKeys.entity(ref), tags);
      // lists filtered by tag change too
      await qc.invalidateQueries({ queryKey: workspaceKey(ref.entityKind) });
    },
  });
}
