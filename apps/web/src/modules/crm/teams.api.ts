import { contactEntity, customQueryEntity, teamEntity, type EntityRecord, type TeamInviteUrl, type TeamMember } from '@atrium/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../platform/api/api-client';
import { workspaceKey } from '../../platform/api/query-keys';
import type { EntityListRequest, Paged } from '../../platform/entity/list-definition';

// Teams' own calls (members, invite link, permissions, custom queries), a contact's teams and
// saving a contacts list as a custom query. The team records themselves go through the engine.
export const TEAM_PATHS = {
  members: (teamId: string) => `${teamEntity.basePath}/${teamId}/members`,
  membersList: (teamId: string) => `${teamEntity.basePath}/${teamId}/members/list`,
  inviteUrl: (teamId: string) => `${teamEntity.basePath}/${teamId}/invite-url`,
  resendInvite: (teamId: string) => `${teamEntity.basePath}/${teamId}/resend-invite`,
  permissions: (teamId: string) => `${teamEntity.basePath}/${teamId}/permissions`,
  customQueries: (teamId: string) => `${teamEntity.basePath}/${teamId}/custom-queries`,
  customQuery: (teamId: string, queryId: string) => `${teamEntity.basePath}/${teamId}/custom-queries/${queryId}`,
  contactTeams: (contactId: string) => `${contactEntity.basePath}/${contactId}/teams`,
} as const;

export const teamKeys = {
  team: (teamId: string) => workspaceKey('team', teamId),
  members: (teamId: string) => workspaceKey('team', teamId, 'members'),
  permissions: (teamId: string) => workspaceKey('team', teamId, 'permissions'),
  queries: (teamId: string) => workspaceKey('team', teamId, 'queries'),
  queryMatches: (teamId: string, queryId: string) => workspaceKey('team', teamId, 'queries', queryId),
  contactTeams: (contactId: string) => workspaceKey('contact', contactId, 'teams'),
};

export type QueryMatches = { customQuery: EntityRecord; contacts: Paged<EntityRecord> };
export type ContactTeam = { id: string; name: string };
// what a call site does besides refreshing the cache
type Callbacks<R> = { onSuccess?: (result: R) => void; onError?: (error: unknown) => void };

export const teamMembersQuery = (teamId: string) =>
  queryOptions({
    queryKey: teamKeys.members(teamId),
    queryFn: () => apiRequest<Paged<TeamMember>>(TEAM_PATHS.membersList(teamId), { method: 'POST', body: { page: 1, pageSize: 200 } }),
    placeholderData: keepPreviousData,
  });
export const useTeamMembers = (teamId: string) => useQuery(teamMembersQuery(teamId));

// add several members at once, remove one (the server refuses to remove the last)
export function useChangeTeamMembers(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { add?: string[]; remove?: string[] }) =>
      apiRequest<{ total: number }>(TEAM_PATHS.members(teamId), { method: 'PATCH', body }),
    onSettled: () => qc.invalidateQueries({ queryKey: teamKeys.team(teamId) }),
  });
}

// make (or replace) the invite URL, valid for so many days
export const useCreateTeamInvite = (teamId: string, callbacks: Callbacks<TeamInviteUrl>) =>
  useMutation({
    mutationFn: (expiresInDays: number) =>
      apiRequest<TeamInviteUrl>(TEAM_PATHS.inviteUrl(teamId), { method: 'POST', body: { expiresInDays } }),
    ...callbacks,
  });
export const useRevokeTeamInvite = (teamId: string, callbacks: Callbacks<void>) =>
  useMutation({ mutationFn: () => apiRequest<void>(TEAM_PATHS.inviteUrl(teamId), { method: 'DELETE' }), ...callbacks });
export const useResendTeamInvite = (teamId: string, callbacks: Callbacks<{ sent: number }>) =>
  useMutation({
    mutationFn: () => apiRequest<{ sent: number }>(TEAM_PATHS.resendInvite(teamId), { method: 'POST' }),
    ...callbacks,
  });

export const teamPermissionsQuery = (teamId: string) =>
  queryOptions({
    queryKey: teamKeys.permissions(teamId),
    queryFn: () => apiRequest<{ permissions: string[] }>(TEAM_PATHS.permissions(teamId)),
  });
export const useTeamPermissions = (teamId: string) => useQuery(teamPermissionsQuery(teamId));

export function useSaveTeamPermissions(teamId: string, callbacks: Callbacks<{ permissions: string[] }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (permissions: string[]) =>
      apiRequest<{ permissions: string[] }>(TEAM_PATHS.permissions(teamId), { method: 'PUT', body: { permissions } }),
    onSuccess: (saved) => {
      callbacks.onSuccess?.(saved);
      void qc.invalidateQueries({ queryKey: teamKeys.permissions(teamId) });
      // the user's own set may have changed
      void qc.invalidateQueries({ queryKey: workspaceKey('permissions') });
    },
    onError: callbacks.onError,
  });
}

export const teamQueriesQuery = (teamId: string) =>
  queryOptions({
    queryKey: teamKeys.queries(teamId),
    queryFn: () => apiRequest<Paged<EntityRecord>>(TEAM_PATHS.customQueries(teamId), { method: 'POST', body: { page: 1, pageSize: 100 } }),
  });
export const useTeamQueries = (teamId: string) => useQuery(teamQueriesQuery(teamId));

// the contacts one of a team's custom queries matches now
export const teamQueryMatchesQuery = (teamId: string, queryId: string) =>
  queryOptions({
    queryKey: teamKeys.queryMatches(teamId, queryId),
    queryFn: () => apiRequest<QueryMatches>(TEAM_PATHS.customQuery(teamId, queryId)),
  });
export const useTeamQueryMatches = (teamId: string, queryId: string) => useQuery(teamQueryMatchesQuery(teamId, queryId));

export const contactTeamsQuery = (contactId: string) =>
  queryOptions({
    queryKey: teamKeys.contactTeams(contactId),
    queryFn: () => apiRequest<{ data: ContactTeam[] }>(TEAM_PATHS.contactTeams(contactId)),
  });
export const useContactTeams = (contactId: string) => useQuery(contactTeamsQuery(contactId));

// the teams a contact belongs to, as one list
export function useSaveContactTeams(contactId: string, callbacks: Callbacks<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => apiRequest(TEAM_PATHS.contactTeams(contactId), { method: 'POST', body: { ids } }),
    onSuccess: (saved) => {
      callbacks.onSuccess?.(saved);
      void qc.invalidateQueries({ queryKey: teamKeys.contactTeams(contactId) });
    },
    onError: callbacks.onError,
  });
}

export type CustomQueryValues = { name: string; description?: string };

// a contacts list's search, filters and tags, saved as a custom query (teams take members from it)
export function useSaveCustomQuery(request: EntityListRequest, callbacks: Callbacks<EntityRecord>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: CustomQueryValues) =>
      apiRequest<EntityRecord>(customQueryEntity.basePath, {
        method: 'POST',
        body: {
          ...values,
          query: {
            filters: request.filters ?? [],
            ...(request.search ? { search: request.search } : {}),
            ...(request.tags && request.tags.length > 0 ? { tags: request.tags } : {}),
            ...(request.tagsMatch ? { tagsMatch: request.tagsMatch } : {}),
          },
        },
      }),
    onSuccess: (saved) => {
      callbacks.onSuccess?.(saved);
      void qc.invalidateQueries({ queryKey: workspaceKey('lookups', customQueryEntity.kind) });
    },
    onError: callbacks.onError,
  });
}
