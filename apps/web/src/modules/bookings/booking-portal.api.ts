import type {
  BookingPortalBooking,
  BookingPortalConfirm,
  BookingPortalHold,
  BookingPortalMaps,
  BookingPortalPage,
  BookingPortalSlots,
  BookingPortalUser,
  PortalCaptcha,
} from '@atrium/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../platform/api/api-client';
import { currentLanguage } from '../../platform/i18n/i18n';
import { solveChallenge } from '../../platform/portal/portal-captcha';

// The public booking portal's calls: no session, no workspace header.
const base = (workspace: string, slug: string) =>
  `/api/v1/public/booking-pages/${encodeURIComponent(workspace)}/${encodeURIComponent(slug)}`;
const anonymous = { auth: false, tenant: false } as const;
const keys = {
  page: (workspace: string, slug: string) => ['booking-portal', workspace, slug] as const,
  slots: (workspace: string, slug: string, day: string, duration: number, resourceId: string | null) =>
    ['booking-portal', workspace, slug, 'slots', day, duration, resourceId] as const,
  booking: (workspace: string, token: string) => ['booking-portal', workspace, 'booking', token] as const,
};

// `enabled` false while a mailed sign-in link is redeemed, so the page is asked once, signed in
export function useBookingPortalPage(workspace: string, slug: string, enabled = true) {
  return useQuery({
    queryKey: keys.page(workspace, slug),
    queryFn: () => apiRequest<BookingPortalPage>(base(workspace, slug), anonymous),
    retry: false,
    enabled,
  });
}

export function useBookingPortalSlots(workspace: string, slug: string, day: string, duration: number | null, resourceId: string | null) {
  return useQuery({
    queryKey: keys.slots(workspace, slug, day, duration ?? 0, resourceId),
    queryFn: () => {
      const q = new URLSearchParams({ day, duration: String(duration) });
      if (resourceId) q.set('resourceId', resourceId);
      return apiRequest<BookingPortalSlots>(`${base(workspace, slug)}/slots?${q.toString()}`, anonymous);
    },
    enabled: day !== '' && duration !== null,
    retry: false,
  });
}

// the floor maps the page shows (decision 093 round six), with the places of its items
export function useBookingPortalMaps(workspace: string, slug: string) {
  return useQuery({
    queryKey: [...keys.page(workspace, slug), 'maps'],
    queryFn: () => apiRequest<BookingPortalMaps>(`${base(workspace, slug)}/maps`, anonymous),
    retry: false,
  });
}
export const portalMapImageUrl = (workspace: string, slug: string, mapId: string, version: number) =>
  `${base(workspace, slug)}/maps/${mapId}/image?v=${version}`;

export function useHoldTime(workspace: string, slug: string) {
  return useMutation({
    mutationFn: (body: { resourceId: string; start: string; end: string }) =>
      apiRequest<BookingPortalHold>(`${base(workspace, slug)}/holds`, { method: 'POST', body, ...anonymous }),
  });
}

// Confirms a hold: a fresh challenge, solved here in the browser (no third party), then the form.
// A signed-in portal user (its session cookie reaches these calls) needs no captcha and no details.
export function useConfirmHold(workspace: string, slug: string, signedIn = false) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ holdId, ...body }: Omit<BookingPortalConfirm, 'captcha'> & { holdId: string }) => {
      if (signedIn)
        return apiRequest<BookingPortalBooking>(`${base(workspace, slug)}/holds/${holdId}/confirm`, {
          method: 'POST',
          body: body.notes ? { notes: body.notes } : {},
          ...anonymous,
        });
      const captcha = await apiRequest<PortalCaptcha>(`${base(workspace, slug)}/captcha`, anonymous);
      const nonce = await solveChallenge(captcha.challenge, captcha.difficulty);
      return apiRequest<BookingPortalBooking>(`${base(workspace, slug)}/holds/${holdId}/confirm`, {
        method: 'POST',
        body: { ...body, captcha: { challenge: captcha.challenge, nonce } },
        ...anonymous,
      });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.page(workspace, slug) }),
  });
}

// A sign-in link for a Registered or Restricted page, leading back to it (decision 093 rounds seven
// and eight), mailed in the language the visitor reads the page in.
export function useBookingPortalSignIn(workspace: string, slug: string) {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<{ sent: true }>(`${base(workspace, slug)}/sign-in`, {
        method: 'POST',
        body: { email, language: currentLanguage() },
        ...anonymous,
      }),
  });
}

// The mailed link's token, redeemed by the page it leads to: the session cookie, then the page again.
export function useBookingPortalRedeem(workspace: string, slug: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<BookingPortalUser>(`${base(workspace, slug)}/sign-in/redeem`, { method: 'POST', body: { token }, ...anonymous }),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.page(workspace, slug) }),
  });
}

// Signs the portal user out (the workspace's portal session); the page asks again who may see it.
export function useBookingPortalSignOut(workspace: string, slug: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>(`${base(workspace, slug)}/sign-out`, { method: 'POST', ...anonymous }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.page(workspace, slug) }),
  });
}

const bookingUrl = (workspace: string, token: string) =>
  `/api/v1/public/portal-bookings/${encodeURIComponent(workspace)}/${encodeURIComponent(token)}`;

export function usePortalBooking(workspace: string, token: string) {
  return useQuery({
    queryKey: keys.booking(workspace, token),
    queryFn: () => apiRequest<BookingPortalBooking>(bookingUrl(workspace, token), anonymous),
    retry: false,
  });
}

export function useCancelPortalBooking(workspace: string, token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<BookingPortalBooking>(`${bookingUrl(workspace, token)}/cancel`, { method: 'POST', ...anonymous }),
    onSuccess: (booking) => qc.setQueryData(keys.booking(workspace, token), booking),
  });
}
