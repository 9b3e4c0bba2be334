import type { MyTenant } from '@atrium/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import { API } from '../api/paths';
import { useCurrentTenantId } from '../workspace/workspace-store';

// The signed-in user's membership id in the current workspace (what a user field such as an
// assignee holds). Same query key as the workspace switcher's list of my workspaces, so it is
// read once.
export function useMyTenantUserId(): string | undefined {
  const tenantId = useCurrentTenantId();
  const mine = useQuery({
    queryKey: ['tenants', 'mine'],
    queryFn: () => apiRequest<MyTenant[]>(API.tenants, { tenant: false }),
    staleTime: 60_000,
  });
  return mine.data?.find((t) => t.id === tenantId)?.tenantUserId;
}
