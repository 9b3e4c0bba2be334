import type { WorkspaceDomain, WorkspaceDomainUpdate } from '@atrium/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../platform/api/api-client';
import { API } from '../../../platform/api/paths';
import { workspaceKey } from '../../../platform/api/query-keys';

export const domainKeys = { current: () => workspaceKey('workspace-domain') };

export const workspaceDomainQuery = () =>
  queryOptions({ queryKey: domainKeys.current(), queryFn: () => apiRequest<WorkspaceDomain>(API.workspaceDomain) });

export const useWorkspaceDomain = () => useQuery(workspaceDomainQuery());

// Every step answers the new state of the domain; it replaces the cached one.
function useDomainStep<V>(fn: (v: V) => Promise<WorkspaceDomain>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (state) => qc.setQueryData(domainKeys.current(), state) });
}

export const useUpdateWorkspaceDomain = () =>
  useDomainStep((body: WorkspaceDomainUpdate) => apiRequest<WorkspaceDomain>(API.workspaceDomain, { method: 'PUT', body }));
export const useVerifyDomainDns = () =>
  useDomainStep(() => apiRequest<WorkspaceDomain>(API.workspaceDomainDns, { method: 'POST', body: {} }));
export const useSendDomainCode = () =>
  useDomainStep((localPart: string) => apiRequest<WorkspaceDomain>(API.workspaceDomainCode, { method: 'POST', body: { localPart } }));
export const useConfirmDomainCode = () =>
  useDomainStep((code: string) => apiRequest<WorkspaceDomain>(API.workspaceDomainConfirm, { method: 'POST', body: { code } }));
