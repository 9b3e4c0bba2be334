import type { FeatureFlags, MyPermissions } from '@atrium/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import { API } from '../api/paths';
import { useCurrentTenantId } from '../workspace/workspace-store';

export const permissionKeys = {
  mine: (tenantId: string) => ['ws', tenantId, 'permissions', 'me'] as const,
  features: () => ['features'] as const,
};

export const myPermissionsQuery = (tenantId: string) =>
  queryOptions({
    queryKey: permissionKeys.mine(tenantId),
    queryFn: () => apiRequest<MyPermissions>(API.myPermissions),
    staleTime: 60_000,
  });

export const featuresQuery = () =>
  queryOptions({
    queryKey: permissionKeys.features(),
    queryFn: () => apiRequest<FeatureFlags>(API.features, { auth: false, tenant: false }),
    staleTime: Infinity,
  });

export function useMyPermissions() {
  const tenantId = useCurrentTenantId();
  return useQuery({ ...myPermissionsQuery(tenantId ?? ''), enabled: tenantId !== null });
}

export const useFeatures = () => useQuery(featuresQuery());
