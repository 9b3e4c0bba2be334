import type { ModuleKind, Plan, Subscription } from '@atrium/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../platform/api/api-client';
import { API } from '../../../platform/api/paths';
import { workspaceKey } from '../../../platform/api/query-keys';

export const planKeys = {
  catalogue: () => ['plans'] as const,
  subscriptions: () => workspaceKey('subscriptions'),
};

export const plansQuery = () =>
  queryOptions({
    queryKey: planKeys.catalogue(),
    queryFn: () => apiRequest<Plan[]>(API.plans, { auth: false, tenant: false }),
    staleTime: Infinity,
  });

export const subscriptionsQuery = () =>
  queryOptions({
    queryKey: planKeys.subscriptions(),
    queryFn: () => apiRequest<Subscription[]>(API.subscriptions),
  });

export const usePlans = () => useQuery(plansQuery());
export const useSubscriptions = () => useQuery(subscriptionsQuery());

export function useSwitchPlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ productType, planSlug }: { productType: ModuleKind; planSlug: string }) =>
      apiRequest<Subscription>(API.subscription(productType), { method: 'PUT', body: { planSlug } }),
    // a plan changes the merged permissions (Plan.*), so the navigation must be recomputed
    onSuccess: () => qc.invalidateQueries({ queryKey: workspaceKey() }),
  });
}
