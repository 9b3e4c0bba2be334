import type {
  PortalArticle,
  PortalCaptcha,
  PortalHome,
  PortalMyRequests,
  PortalRequest,
  PortalRequestDetail,
  PortalRequestResult,
  PortalSearchResult,
  PortalUser,
} from '@atrium/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

// Portal users (decision 094, round three): the session is an HttpOnly cookie of the portal's
// API, sent by the browser itself; these calls carry no workspace session either.
export function usePortalSignIn(workspace: string, helpdesk: string) {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<{ sent: true }>(`${base(workspace, helpdesk)}/sign-in`, { method: 'POST', body: { email }, ...anonymous }),
  });
}

export function usePortalRedeem(workspace: string, helpdesk: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<PortalUser>(`${base(workspace, helpdesk)}/sign-in/redeem`, { method: 'POST', body: { token }, ...anonymous }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['portal', workspace, helpdesk] }),
  });
}

export function usePortalMe(workspace: string, helpdesk: string) {
  return useQuery({
    queryKey: ['portal', workspace, helpdesk, 'me'],
    queryFn: () => apiRequest<PortalUser>(`${base(workspace, helpdesk)}/me`, anonymous),
    retry: false,
  });
}

export function usePortalSignOut(workspace: string, helpdesk: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>(`${base(workspace, helpdesk)}/sign-out`, { method: 'POST', ...anonymous }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['portal', workspace, helpdesk] }),
  });
}

export function useMyRequests(workspace: string, helpdesk: string) {
  return useQuery({
    queryKey: ['portal', workspace, helpdesk, 'my-requests'],
    queryFn: () => apiRequest<PortalMyRequests>(`${base(workspace, helpdesk)}/my-requests`, anonymous),
    retry: false,
  });
}

export function useMyRequest(workspace: string, helpdesk: string, id: string) {
  return useQuery({
    queryKey: ['portal', workspace, helpdesk, 'my-requests', id],
    queryFn: () => apiRequest<PortalRequestDetail>(`${base(workspace, helpdesk)}/my-requests/${encodeURIComponent(id)}`, anonymous),
    retry: false,
  });
}

export function usePortalReply(workspace: string, helpdesk: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiRequest<PortalRequestDetail>(`${base(workspace, helpdesk)}/my-requests/${encodeURIComponent(id)}/messages`, {
        method: 'POST',
        body: { body },
        ...anonymous,
      }),
    onSuccess: (detail) => client.setQueryData(['portal', workspace, helpdesk, 'my-requests', id], detail),
  });
}
