import type { EntityKind, LinkedEntity, LookupOption } from '@atrium/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import { workspaceKey } from '../api/query-keys';
import type { Paged, RecordRef } from '../notes/notes.api';

export const LINK_PATHS = {
  list: '/api/v1/core/linked-entities/list',
  link: '/api/v1/core/linked-entities',
  unlink: (id: string) => `/api/v1/core/linked-entities/${id}`,
  lookups: '/api/v1/core/lookups',
} as const;

// Links show on both sides, so every record's list is invalidated together.
export const linkKeys = {
  all: () => workspaceKey('linked'),
  record: (ref: RecordRef) => workspaceKey('linked', ref.entityKind, ref.entityId),
};

export const useLinkedRecords = (ref: RecordRef) =>
  useQuery({
    queryKey: linkKeys.record(ref),
    queryFn: () => apiRequest<Paged<LinkedEntity>>(LINK_PATHS.list, { method: 'POST', body: { ...ref, page: 1, pageSize: 100 } }),
  });

// Records of one kind to link, through the generic lookup.
export const useRecordOptions = (kind: EntityKind, search: string) =>
  useQuery({
    queryKey: workspaceKey('lookups', kind, search),
    queryFn: async () =>
      (
        await apiRequest<Record<string, LookupOption[]>>(LINK_PATHS.lookups, {
          method: 'POST',
          body: { entities: [kind], ...(search ? { search } : {}) },
        })
      )[kind] ?? [],
  });

export function useLinkMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: linkKeys.all() }) });
}

export const linkRecords = (ref: RecordRef, linkedKind: EntityKind, linkedId: string) =>
  apiRequest<LinkedEntity>(LINK_PATHS.link, { method: 'POST', body: { ...ref, linkedKind, linkedId } });
export const unlinkRecords = (id: string) => apiRequest<void>(LINK_PATHS.unlink(id), { method: 'DELETE' });
