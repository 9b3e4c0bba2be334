import type {
  PortalArticle,
  PortalCaptcha,
  PortalHome,
  PortalMyRequests,
  PortalPairResult,
  PortalRequest,
  PortalRequestDetail,
  PortalRequestResult,
  PortalSearchResult,
  PortalSignInResult,
  PortalUser,
} from '@atrium/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../platform/api/api-client';
import { solveChallenge } from '../../platform/portal/portal-captcha';

// The public portal's calls: no workspace session, no workspace header.
const base = (workspace: string, helpdesk: string) =>
  `/api/v1/public/portal/${encodeURIComponent(workspace)}/${encodeURIComponent(helpdesk)}`;
const anonymous = { auth: false, tenant: false } as const;

// The widget's portal session (decision 094 round five): a frame on another site is sent no
// portal cookie, so a paired sign-in's token stays in the frame — in its memory (the frame's
// navigations are the app's own, so it lasts while the frame is open) and, where the browser lets
// a third-party frame have storage (partitioned per embedding site), in its session storage too,
// so a reload keeps it. It goes in the X-Portal-Session header.
const sessionKey = (workspace: string, helpdesk: string) => `atrium.portal.session.${workspace}.${helpdesk}`;
const inMemory = new Map<string, string>();
export function widgetSession(workspace: string, helpdesk: string): string | null {
  const key = sessionKey(workspace, helpdesk);
  const kept = inMemory.get(key);
  if (kept) return kept;
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    // storage refused (third-party storage blocked): memory only
    return null;
  }
}
export function keepWidgetSession(workspace: string, helpdesk: string, token: string | null): void {
  const key = sessionKey(workspace, helpdesk);
  if (token) inMemory.set(key, token);
  else inMemory.delete(key);
  try {
    if (token) window.sessionStorage.setItem(key, token);
    else window.sessionStorage.removeItem(key);
  } catch {
    // storage refused: memory only
  }
}
// the options of a call that a signed-in user's session may go with
const portalCall = (workspace: string, helpdesk: string) => {
  const token = widgetSession(workspace, helpdesk);
  return token ? { ...anonymous, headers: { 'x-portal-session': token } } : anonymous;
};

export function usePortalHome(workspace: string, helpdesk: string) {
  return useQuery({
    queryKey: ['portal', workspace, helpdesk],
    queryFn: () => apiRequest<PortalHome>(base(workspace, helpdesk), portalCall(workspace, helpdesk)),
    retry: false,
  });
}

export function usePortalSearch(workspace: string, helpdesk: string, q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ['portal', workspace, helpdesk, 'search', query],
    queryFn: () =>
      apiRequest<PortalSearchResult>(`${base(workspace, helpdesk)}/search`, {
        method: 'POST',
        body: { q: query },
        ...portalCall(workspace, helpdesk),
      }),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function usePortalArticle(workspace: string, helpdesk: string, slug: string) {
  return useQuery({
    queryKey: ['portal', workspace, helpdesk, 'article', slug],
    queryFn: () =>
      apiRequest<PortalArticle>(`${base(workspace, helpdesk)}/articles/${encodeURIComponent(slug)}`, portalCall(workspace, helpdesk)),
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
        ...portalCall(workspace, helpdesk),
      });
    },
  });
}

// Portal users (decision 094, round three): the session is an HttpOnly cookie of the portal's
// API, sent by the browser itself; these calls carry no workspace session either.
// `pair` (the widget): the answer's pairing is exchanged for the frame's session by usePortalPair.
export function usePortalSignIn(workspace: string, helpdesk: string, pair = false) {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<PortalSignInResult>(`${base(workspace, helpdesk)}/sign-in`, {
        method: 'POST',
        body: pair ? { email, pair: true } : { email },
        ...anonymous,
      }),
  });
}

// The widget waits for the mailed link to be opened (in any tab), asking every three seconds for
// a quarter of an hour; signed in, it keeps the session and the portal's calls go with it.
export function usePortalPair(workspace: string, helpdesk: string, pairing: string | undefined) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['portal-pair', workspace, helpdesk, pairing],
    queryFn: async () => {
      const result = await apiRequest<PortalPairResult>(`${base(workspace, helpdesk)}/sign-in/pair`, {
        method: 'POST',
        body: { pairing },
        ...anonymous,
      });
      if (result.status === 'signedIn' && result.token) {
        keepWidgetSession(workspace, helpdesk, result.token);
        await client.invalidateQueries({ queryKey: ['portal', workspace, helpdesk] });
      }
      return result;
    },
    enabled: pairing !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'signedIn' || query.state.error ? false : 3000),
    retry: false,
    gcTime: 0,
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
    queryFn: () => apiRequest<PortalUser>(`${base(workspace, helpdesk)}/me`, portalCall(workspace, helpdesk)),
    retry: false,
  });
}

export function usePortalSignOut(workspace: string, helpdesk: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>(`${base(workspace, helpdesk)}/sign-out`, { method: 'POST', ...portalCall(workspace, helpdesk) }),
    onSuccess: () => {
      keepWidgetSession(workspace, helpdesk, null);
      return client.invalidateQueries({ queryKey: ['portal', workspace, helpdesk] });
    },
  });
}

export function useMyRequests(workspace: string, helpdesk: string) {
  return useQuery({
    queryKey: ['portal', workspace, helpdesk, 'my-requests'],
    queryFn: () => apiRequest<PortalMyRequests>(`${base(workspace, helpdesk)}/my-requests`, portalCall(workspace, helpdesk)),
    retry: false,
  });
}

export function useMyRequest(workspace: string, helpdesk: string, id: string) {
  return useQuery({
    queryKey: ['portal', workspace, helpdesk, 'my-requests', id],
    queryFn: () =>
      apiRequest<PortalRequestDetail>(
        `${base(workspace, helpdesk)}/my-requests/${encodeURIComponent(id)}`,
        portalCall(workspace, helpdesk),
      ),
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
        ...portalCall(workspace, helpdesk),
      }),
    onSuccess: (detail) => client.setQueryData(['portal', workspace, helpdesk, 'my-requests', id], detail),
  });
}
