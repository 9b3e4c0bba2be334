import { helpdeskEntity, type HelpdeskMember, type HelpdeskMemberInput, type HelpdeskRole } from '@atrium/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../platform/api/api-client';
import { workspaceKey } from '../../platform/api/query-keys';

// A helpdesk's members and their roles (decision 094 round six, Plan.Roles): paths, keys, hooks.
const base = (helpdeskId: string) => `${helpdeskEntity.basePath}/${helpdeskId}`;
export const HELPDESK_MEMBER_PATHS = {
  members: (helpdeskId: string) => `${base(helpdeskId)}/members`,
  member: (helpdeskId: string, tenantUserId: string) => `${base(helpdeskId)}/members/${tenantUserId}`,
  mine: (helpdeskId: string) => `${base(helpdeskId)}/my-permissions`,
};
export const HELPDESK_MEMBER_KEYS = {
  helpdesk: (helpdeskId: string) => workspaceKey('helpdesk-members', helpdeskId),
  members: (helpdeskId: string) => workspaceKey('helpdesk-members', helpdeskId, 'members'),
  mine: (helpdeskId: string) => workspaceKey('helpdesk-members', helpdeskId, 'mine'),
};

export const useHelpdeskMembers = (helpdeskId: string) =>
  useQuery({
    queryKey: HELPDESK_MEMBER_KEYS.members(helpdeskId),
    queryFn: () => apiRequest<HelpdeskMember[]>(HELPDESK_MEMBER_PATHS.members(helpdeskId)),
  });

// the caller's permissions in the helpdesk: the workspace's with their role's there (the
// helpdesk's and its requests' pages show their actions by these, the engine's role scope)
export const fetchMyHelpdeskPermissions = (helpdeskId: string) =>
  apiRequest<{ role: HelpdeskRole | null; permissions: string[] }>(HELPDESK_MEMBER_PATHS.mine(helpdeskId));

function useInvalidate(helpdeskId: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: HELPDESK_MEMBER_KEYS.helpdesk(helpdeskId) });
}

export function useAddHelpdeskMember(helpdeskId: string) {
  const invalidate = useInvalidate(helpdeskId);
  return useMutation({
    mutationFn: (body: HelpdeskMemberInput) =>
      apiRequest<HelpdeskMember>(HELPDESK_MEMBER_PATHS.members(helpdeskId), { method: 'POST', body }),
    onSettled: invalidate,
  });
}

export function useChangeHelpdeskMember(helpdeskId: string) {
  const invalidate = useInvalidate(helpdeskId);
  return useMutation({
    mutationFn: ({ tenantUserId, role }: { tenantUserId: string; role: HelpdeskRole }) =>
      apiRequest<HelpdeskMember>(HELPDESK_MEMBER_PATHS.member(helpdeskId, tenantUserId), { method: 'PUT', body: { role } }),
    onSettled: invalidate,
  });
}

export function useRemoveHelpdeskMember(helpdeskId: string) {
  const invalidate = useInvalidate(helpdeskId);
  return useMutation({
    mutationFn: (tenantUserId: string) => apiRequest<void>(HELPDESK_MEMBER_PATHS.member(helpdeskId, tenantUserId), { method: 'DELETE' }),
    onSettled: invalidate,
  });
}
