import type { Role, RoleWrite } from '@atrium/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../platform/api/api-client';
import { API } from '../../../platform/api/paths';
import { workspaceKey } from '../../../platform/api/query-keys';

export const roleKeys = {
  all: () => workspaceKey('roles'),
};

export const rolesQuery = () => queryOptions({ queryKey: roleKeys.all(), queryFn: () => apiRequest<Role[]>(API.roles) });
export const useRoles = (enabled = true) => useQuery({ ...rolesQuery(), enabled });

function useRoleMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // role edits change who may see what, including the caller
    onSuccess: () => qc.invalidateQueries({ queryKey: workspaceKey() }),
  });
}

export const useCreateRole = () => useRoleMutation((body: RoleWrite) => apiRequest<Role>(API.roles, { method: 'POST', body }));
export const useUpdateRole = () =>
  useRoleMutation(({ id, body }: { id: string; body: RoleWrite }) => apiRequest<Role>(API.role(id), { method: 'PUT', body }));
export const useDeleteRole = () => useRoleMutation((id: string) => apiRequest<void>(API.role(id), { method: 'DELETE' }));
