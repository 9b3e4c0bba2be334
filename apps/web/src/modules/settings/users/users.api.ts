import type { WorkspaceUser, WorkspaceUserCreate, WorkspaceUserList } from '@atrium/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../platform/api/api-client';
import { API } from '../../../platform/api/paths';
import { workspaceKey } from '../../../platform/api/query-keys';

export type Paged<T> = { data: T[]; total: number };

export const userKeys = {
  all: () => workspaceKey('users'),
  list: (request: WorkspaceUserList) => workspaceKey('users', 'list', request),
  detail: (id: string) => workspaceKey('users', 'detail', id),
};

export const fetchUsers = (request: WorkspaceUserList) =>
  apiRequest<Paged<WorkspaceUser>>(API.usersList, { method: 'POST', body: request });

export const userQuery = (id: string) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: () => apiRequest<WorkspaceUser>(API.user(id)) });

function useUserMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all() }) });
}

export const useInviteUser = () =>
  useUserMutation((body: WorkspaceUserCreate) => apiRequest<WorkspaceUser>(API.users, { method: 'POST', body }));
export const useChangeUserRole = () =>
  useUserMutation(({ id, roleId }: { id: string; roleId: string }) =>
    apiRequest<WorkspaceUser>(API.user(id), { method: 'PUT', body: { roleId } }),
  );
export const useRemoveUser = () => useUserMutation((id: string) => apiRequest<void>(API.user(id), { method: 'DELETE' }));
export const useResendInvite = () => useUserMutation((id: string) => apiRequest<void>(API.userInvite(id), { method: 'POST', body: {} }));
