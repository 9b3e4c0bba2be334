import type { PortalArticle, PortalCaptcha, PortalHome, PortalRequest, PortalRequestResult, PortalSearchResult } from '@atrium/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../platform/api/api-client';
import { solveChallenge } from '../../platform/portal/portal-captcha';

// The public portal's calls: no session, no workspace header.
const base = (workspace: string, helpdesk: string) =>
  `/api/v1/public/portal/${encodeURIComponent(workspace)}/${encodeURIComponent(helpdesk)}`;
const anonymous = { auth: false, tenant: false } as const;

export function usePortalHome(workspace: string, helpdesk: string) {
  return useQuery({
    queryKey: ['portal', workspace, helpdesk],
    queryFn: () => apiRequest<PortalHome>(base(workspace, helpdesk), anonymous),
    retry: false,
  });
}

export function usePortalSearch(workspace: string, helpdesk: string, q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ['portal', workspace, helpdesk, 'search', query],
    queryFn: () =>
      apiRequest<PortalSearchResult>(`${base(workspace, helpdesk)}/search`, { method: 'POST', body: { q: query }, ...anonymous }),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function usePortalArticle(workspace: string, helpdesk: string, slug: string) {
  return useQuery({
    queryKey: ['portal', workspace, helpdesk, 'article', slug],
    queryFn: () => apiRequest<PortalArticle>(`${base(workspace, helpdesk)}/articles/${encodeURIComponent(slug)}`, anonymous),
    retry: false,
  });
}

// Sends a visitor's request: a fresh challenge, solved here, then the form.
export function usePortalRequest(workspace: string, helpdesk: string) {
  return useMutation({
    mutationFn: async (body: Omit<PortalRequest, 'captcha'>) => {
      const captcha = await apiRequest<PortalCaptcha>(`${base(workspace, helpdesk)}/captcha`, anonymous);
      const nonce = await solveChallenge(captcha.challenge, captcha.difficulty);
      return apiRequest<PortalRequestResult>(`${base(workspace, helpdesk)}/requests`, {
        method: 'POST',
        body: { ...body, captcha: { challenge: captcha.challenge, nonce } },
        ...anonymous,
      });
    },
  });
}
