import { projectEntity, type ProjectMember, type ProjectMemberInput, type ProjectRole, type ProjectRoleInput } from '@atrium/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../platform/api/api-client';
import { workspaceKey } from '../../platform/api/query-keys';

// A project's roles and members (Plan.Roles): one place for their paths, keys and hooks.
const base = (projectId: string) => `${projectEntity.basePath}/${projectId}`;
export const MEMBER_PATHS = {
  roles: (projectId: string) => `${base(projectId)}/roles`,
  role: (projectId: string, roleId: string) => `${base(projectId)}/roles/${roleId}`,
  members: (projectId: string) => `${base(projectId)}/members`,
  member: (projectId: string, tenantUserId: string) => `${base(projectId)}/members/${tenantUserId}`,
  mine: (projectId: string) => `${base(projectId)}/my-permissions`,
};

export const MEMBER_KEYS = {
  project: (projectId: string) => workspaceKey('project-members', projectId),
  roles: (projectId: string) => workspaceKey('project-members', projectId, 'roles'),
  members: (projectId: string) => workspaceKey('project-members', projectId, 'members'),
  mine: (projectId: string) => workspaceKey('project-members', projectId, 'mine'),
};

export const useProjectRoles = (projectId: string) =>
  useQuery({ queryKey: MEMBER_KEYS.roles(projectId), queryFn: () => apiRequest<ProjectRole[]>(MEMBER_PATHS.roles(projectId)) });

export const useProjectMembers = (projectId: string) =>
  useQuery({ queryKey: MEMBER_KEYS.members(projectId), queryFn: () => apiRequest<ProjectMember[]>(MEMBER_PATHS.members(projectId)) });

// the caller's permissions in the project: the workspace's with their project role's (also what
// the project's pages and its tasks' pages show actions by, the engine's role scope)
export const fetchMyProjectPermissions = (projectId: string) =>
  apiRequest<{ roleId: string | null; permissions: string[] }>(MEMBER_PATHS.mine(projectId));

export const useMyProjectPermissions = (projectId: string) =>
  useQuery({ queryKey: MEMBER_KEYS.mine(projectId), queryFn: () => fetchMyProjectPermissions(projectId), staleTime: 30_000 });

function useInvalidate(projectId: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: MEMBER_KEYS.project(projectId) });
}

export function useSaveRole(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ProjectRoleInput }) =>
      apiRequest<ProjectRole>(id ? MEMBER_PATHS.role(projectId, id) : MEMBER_PATHS.roles(projectId), { method: id ? 'PUT' : 'POST', body }),
    onSettled: invalidate,
  });
}

export function useDeleteRole(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (roleId: string) => apiRequest<void>(MEMBER_PATHS.role(projectId, roleId), { method: 'DELETE' }),
    onSettled: invalidate,
  });
}

export function useAddMember(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (body: ProjectMemberInput) => apiRequest<ProjectMember>(MEMBER_PATHS.members(projectId), { method: 'POST', body }),
    onSettled: invalidate,
  });
}

export function useChangeMember(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: ({ tenantUserId, roleId }: { tenantUserId: string; roleId: string }) =>
      apiRequest<ProjectMember>(MEMBER_PATHS.member(projectId, tenantUserId), { method: 'PUT', body: { roleId } }),
    onSettled: invalidate,
  });
}

export function useRemoveMember(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (tenantUserId: string) => apiRequest<void>(MEMBER_PATHS.member(projectId, tenantUserId), { method: 'DELETE' }),
    onSettled: invalidate,
  });
}
