import { DEFAULT_CURRENCY, type Tenant } from '@atrium/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import { API } from '../api/paths';
import { workspaceKey } from '../api/query-keys';
import { useCurrentTenantId } from '../workspace/workspace-store';

// The workspace's currency: every money field is in it (decision 024).
export function useWorkspaceCurrency(): string {
  const tenantId = useCurrentTenantId();
  const tenant = useQuery({
    queryKey: workspaceKey('tenant'),
    queryFn: () => apiRequest<Tenant>(API.tenant(tenantId ?? '')),
    enabled: tenantId !== null,
    staleTime: 5 * 60_000,
  });
  return tenant.data?.currency ?? DEFAULT_CURRENCY;
}
