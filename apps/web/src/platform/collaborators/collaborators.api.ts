import type { Collaborator, LookupOption } from '@atrium/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import { workspaceKey } from '../api/query-keys';
import type { RecordRef } from '../notes/notes.api';

export const COLLABORATOR_PATHS = {
  byEntity: (ref: RecordRef) => `/api/v1/core/collaborators?entityKind=${ref.entityKind}&entityId=${ref.entityId}`,
  add: '/api/v1/core/collaborators',
  collaborator: (id: string) => `/api/v1/core/collaborators/${id}`,
  lookups: '/api/v1/core/lookups',
} as const;

export const collaboratorKeys = { entity: (ref: RecordRef) => workspaceKey('collaborators', ref.entityKind, ref.entityId) };

export const useCollaborators = (ref: RecordRef) =>
  useQuery({ queryKey: collaboratorKeys.entity(ref), queryFn: () => apiRequest<Collaborator[]>(COLLABORATOR_PATHS.byEntity(ref)) });

// Workspace members through the generic lookup (name "User").
export const useMemberOptions = (search: string) =>
  useQuery({
    queryKey: workspaceKey('lookups', 'User', search),
    queryFn: async () =>
      (
        await apiRequest<Record<string, LookupOption[]>>(COLLABORATOR_PATHS.lookups, {
          method: 'POST',
          body: { entities: ['User'], ...(search ? { search } : {}) },
        })
      ).User ?? [],
  });

export function useCollaboratorMutation<V, R>(ref: RecordRef, fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: collaboratorKeys.entity(ref) }) });
}

export const addCollaborators = (ref: RecordRef, tenantUserIds?: string[]) =>
  apiRequest<Collaborator[]>(COLLABORATOR_PATHS.add, { method: 'POST', body: { ...ref, ...(tenantUserIds ? { tenantUserIds } : {}) } });
export const removeCollaborator = (id: string) => apiRequest<void>(COLLABORATOR_PATHS.collaborator(id), { method: 'DELETE' });
