import type { MyTenant, Tenant, TenantRegister } from '@atrium/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../platform/api/api-client';
import { API } from '../../platform/api/paths';

export const tenantKeys = {
  all: ['tenants'] as const,
  mine: () => [...tenantKeys.all, 'mine'] as const,
  recommended: () => [...tenantKeys.all, 'recommended'] as const,
  detail: (id: string) => [...tenantKeys.all, 'detail', id] as const,
  slug: (slug: string) => [...tenantKeys.all, 'slug', slug] as const,
  invitation: (token: string) => [...tenantKeys.all, 'invitation', token] as const,
};

export type Invitation = { valid: boolean; tenantName?: string; email?: string };

export const myTenantsQuery = () =>
  queryOptions({
    queryKey: tenantKeys.mine(),
    queryFn: () => apiRequest<MyTenant[]>(API.tenants, { tenant: false }),
  });

export const recommendedTenantsQuery = () =>
  queryOptions({
    queryKey: tenantKeys.recommended(),
    queryFn: () => apiRequest<Tenant[]>(API.recommendedTenants, { tenant: false }),
  });

export const slugAvailableQuery = (slug: string) =>
  queryOptions({
    queryKey: tenantKeys.slug(slug),
    queryFn: ({ signal }) => apiRequest<{ available: boolean }>(API.slugAvailable(slug), { tenant: false, signal }),
    staleTime: 10_000,
  });

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: tenantKeys.invitation(token),
    queryFn: () => apiRequest<Invitation>(API.invitation(token), { auth: false, tenant: false }),
    retry: false,
  });

export const useMyTenants = (enabled = true) => useQuery({ ...myTenantsQuery(), enabled });
export const useRecommendedTenants = () => useQuery(recommendedTenantsQuery());

export function useCreateTenant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TenantRegister) => apiRequest<Tenant>(API.tenants, { method: 'POST', body, tenant: false }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tenantKeys.mine() }),
  });
}

export function useJoinTenant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<MyTenant>(API.joinTenant(id), { method: 'POST', tenant: false }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tenantKeys.all }),
  });
}

export function useAcceptInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest<MyTenant>(API.acceptInvitation(token), { method: 'POST', tenant: false }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tenantKeys.all }),
  });
}
