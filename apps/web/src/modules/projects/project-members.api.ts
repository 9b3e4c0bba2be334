import {
  projectEntity,
  projectTemplateEntity,
  type ProjectMember,
  type ProjectMemberInput,
  type ProjectRole,
  type ProjectRoleInput,
} from '@atrium/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../platform/api/api-client';
import { workspaceKey } from '../../platform/api/query-keys';

// A project's roles and members, and a template's roles (Plan.Roles): one place for their paths,
// keys and hooks. A role's owner is a project or a template (its roles go to projects made from it).
export type RoleOwner = { kind: 'Project' | 'ProjectTemplate'; id: string };
export const projectOwner = (id: string): RoleOwner => ({ kind: 'Project', id });
const ownerBase = (o: RoleOwner) => `${(o.kind === 'Project' ? projectEntity : projectTemplateEntity).basePath}/${o.id}`;
const base = (projectId: string) => ownerBase(projectOwner(projectId));
export const MEMBER_PATHS = {
  roles: (owner: RoleOwner) => `${ownerBase(owner)}/roles`,
  role: (owner: RoleOwner, roleId: string) => `${ownerBase(owner)}/roles/${roleId}`,
  members: (projectId: string) => `${base(projectId)}/members`,
  member: (projectId: string, tenantUserId: string) => `${base(projectId)}/members/${tenantUserId}`,
  mine: (projectId: string) => `${base(projectId)}/my-permissions`,
};

export const MEMBER_KEYS = {
  project: (ownerId: string) => workspaceKey('project-members', ownerId),
  roles: (ownerId: string) => workspaceKey('project-members', ownerId, 'roles'),
  members: (projectId: string) => workspaceKey('project-members', projectId, 'members'),
  mine: (projectId: string) => workspaceKey('project-members', projectId, 'mine'),
};

export const useProjectRoles = (owner: RoleOwner) =>
  useQuery({ queryKey: MEMBER_KEYS.roles(owner.id), queryFn: () => apiRequest<ProjectRole[]>(MEMBER_PATHS.roles(owner)) });

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

export function useSaveRole(owner: RoleOwner) {
  const invalidate = useInvalidate(owner.id);
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ProjectRoleInput }) =>
      apiRequest<ProjectRole>(id ? MEMBER_PATHS.role(owner, id) : MEMBER_PATHS.roles(owner), { method: id ? 'PUT' : 'POST', body }),
    onSettled: invalidate,
  });
}

export function useDeleteRole(owner: RoleOwner) {
  const invalidate = useInvalidate(owner.id);
  return useMutation({
    mutationFn: (roleId: string) => apiRequest<void>(MEMBER_PATHS.role(owner, roleId), { method: 'DELETE' }),
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
