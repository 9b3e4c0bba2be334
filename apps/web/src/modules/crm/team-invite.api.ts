import type { MyTenant, TeamInviteInfo } from '@atrium/domain';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../platform/api/api-client';

// Public calls of a team's invite URL, apart from teams.api.ts so that the public page does not
// load the kinds' definitions.
export const TEAM_INVITE_PATHS = {
  invite: (token: string) => `/api/v1/team-invites/${encodeURIComponent(token)}`,
  accept: (token: string) => `/api/v1/team-invites/${encodeURIComponent(token)}/accept`,
} as const;

// no workspace yet: not under workspaceKey
export const teamInviteKeys = { invite: (token: string) => ['team-invite', token] as const };

export const teamInviteQuery = (token: string) =>
  queryOptions({
    queryKey: teamInviteKeys.invite(token),
    queryFn: () => apiRequest<TeamInviteInfo>(TEAM_INVITE_PATHS.invite(token), { auth: false, tenant: false }),
    retry: false,
  });
export const useTeamInvite = (token: string) => useQuery(teamInviteQuery(token));

// joins the team (and, for a stranger, its workspace)
export const useAcceptTeamInvite = (token: string) =>
  useMutation({
    mutationFn: () => apiRequest<MyTenant & { teamId: string }>(TEAM_INVITE_PATHS.accept(token), { method: 'POST', tenant: false }),
  });
