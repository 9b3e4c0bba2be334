import type {
  Booking,
  BookingCreate,
  BookingGroup,
  BookingGroupCreate,
  BookingList,
  BookingListQuery,
  BookingMove,
  BookingFavourites,
  BookingPageMaps,
  BookingPageMapsUpdate,
  BookingPageTimeSlots,
  BookingServicesAnswer,
  BookingServicesInput,
  CalendarAuthorization,
  CalendarFeed,
  CalendarFeedList,
  CalendarIntegrations,
  CalendarProvider,
  FindTimes,
  FindTimesResult,
  FloorMapList,
} from '@atrium/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../platform/api/api-client';
import { isApiError } from '../../platform/api/api-error';
import { workspaceKey } from '../../platform/api/query-keys';
import { useConfirm } from '../../platform/confirm/confirm-modal';
import { formatDate } from '../../platform/dates/format-date';
import { errorText } from '../../platform/feedback/form-errors';

// The bookings calls the web uses: my upcoming bookings, find-times, book, cancel, check in/out.
export const bookingKeys = {
  all: () => workspaceKey('bookings'),
  mine: () => workspaceKey('bookings', 'mine'),
  window: (q: BookingListQuery) => workspaceKey('bookings', 'window', q),
  options: (path: string) => workspaceKey('bookings', 'options', path),
  services: (id: string) => workspaceKey('bookings', 'services', id),
  favourites: () => workspaceKey('bookings', 'favourites'),
};

export function useMyBookings() {
  return useQuery({
    queryKey: bookingKeys.mine(),
    queryFn: () => apiRequest<BookingList>('/api/v1/bookings/list', { method: 'POST', body: { mine: true, limit: 100 } }),
  });
}

// the bookings of a calendar's window (mine, a location's or a resource's), up to 500
export function useBookingsIn(q: BookingListQuery) {
  return useQuery({
    queryKey: bookingKeys.window(q),
    queryFn: () => apiRequest<BookingList>('/api/v1/bookings/list', { method: 'POST', body: { ...q, limit: 500 } }),
    placeholderData: (previous) => previous,
  });
}

type Option = { id: string; name: string; timeZone?: string };
// the locations or resource types to choose from (the engine's list call, first 100 by name)
export function useChoices(listPath: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: bookingKeys.options(listPath),
    queryFn: async () =>
      (
        await apiRequest<{ data: Option[] }>(`${listPath}/list`, {
          method: 'POST',
          body: { pageSize: 100, sort: [{ field: 'name', order: 'asc' }] },
        })
      ).data,
  });
}

export function useFindTimes() {
  return useMutation({
    mutationFn: (q: FindTimes) => apiRequest<FindTimesResult>('/api/v1/bookings/find-times', { method: 'POST', body: q }),
  });
}

export function useBook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: BookingCreate) =>
      apiRequest<Booking>('/api/v1/bookings', { method: 'POST', body: b, headers: { 'idempotency-key': crypto.randomUUID() } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: bookingKeys.all() }),
  });
}

// One meeting, several resources, all or none.
export function useBookGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: BookingGroupCreate) =>
      apiRequest<BookingGroup>('/api/v1/bookings/groups', {
        method: 'POST',
        body: b,
        headers: { 'idempotency-key': crypto.randomUUID() },
      }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: bookingKeys.all() }),
  });
}

// Move or resize a booking (the server's policy decides, as for a new one).
export function useMoveBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: BookingMove & { id: string }) =>
      apiRequest<Booking>(`/api/v1/bookings/${id}/move`, { method: 'POST', body }),
    onSettled: () => void qc.invalidateQueries({ queryKey: bookingKeys.all() }),
  });
}

export type BookingAction = 'cancel' | 'check-in' | 'check-out';
export function useBookingAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: BookingAction }) =>
      apiRequest<Booking>(`/api/v1/bookings/${id}/${action}`, { method: 'POST' }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: bookingKeys.all() }),
  });
}

// Cancel (confirmed first), check in or check out a booking, with the outcome as a message.
export function useRunBookingAction() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const act = useBookingAction();
  return async (b: Booking, action: BookingAction, done?: () => void) => {
    if (action === 'cancel') {
      const when = `${formatDate(b.start, 'dateTime')} – ${formatDate(b.end, 'time')}`;
      const ok = await confirm({
        title: t('bookings.cancel'),
        description: t('bookings.cancelConfirm', { resource: b.resource.title, when }),
        okText: t('bookings.cancel'),
        cancelText: t('bookings.keep'),
        danger: true,
      });
      if (!ok) return;
    }
    act.mutate(
      { id: b.id, action },
      {
        onSuccess: () => {
          void message.success(
            t(action === 'cancel' ? 'bookings.cancelled' : action === 'check-in' ? 'bookings.checkedIn' : 'bookings.checkedOut'),
          );
          done?.();
        },
        onError: (e) => void message.error(isApiError(e) ? errorText(t, e.code) : t('errorCodes.internalServerError')),
      },
    );
  };
}

// Secret iCalendar feed URLs (decision 096): the caller's, of their own bookings (no resource)
// or of one resource's; a new one's URL comes back once.
export const feedKeys = { all: () => workspaceKey('bookings', 'feeds') };
export function useCalendarFeeds(enabled: boolean) {
  return useQuery({
    queryKey: feedKeys.all(),
    queryFn: () => apiRequest<CalendarFeedList>('/api/v1/calendar-feeds'),
    enabled,
  });
}
export function useCreateCalendarFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (resourceId: string | null) =>
      apiRequest<CalendarFeed>('/api/v1/calendar-feeds', { method: 'POST', body: resourceId ? { resourceId } : {} }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: feedKeys.all() }),
  });
}
export function useRevokeCalendarFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/api/v1/calendar-feeds/${id}`, { method: 'DELETE' }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: feedKeys.all() }),
  });
}

// The services ordered with a booking and those offered for its resource; ordering replaces them.
export function useBookingServices(id: string) {
  return useQuery({
    queryKey: bookingKeys.services(id),
    queryFn: () => apiRequest<BookingServicesAnswer>(`/api/v1/bookings/${id}/services`),
  });
}

export function useSetBookingServices(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BookingServicesInput) =>
      apiRequest<BookingServicesAnswer>(`/api/v1/bookings/${id}/services`, { method: 'PUT', body }),
    onSuccess: (answer) => qc.setQueryData(bookingKeys.services(id), answer),
  });
}

// My favourite resources, starred and unstarred on a resource's page.
export function useFavourites() {
  return useQuery({
    queryKey: bookingKeys.favourites(),
    queryFn: () => apiRequest<BookingFavourites>('/api/v1/booking-favourites'),
  });
}

export function useSetFavourite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ resourceId, favourite }: { resourceId: string; favourite: boolean }) =>
      apiRequest<void>(`/api/v1/booking-favourites/${resourceId}`, { method: favourite ? 'PUT' : 'DELETE' }),
    onSettled: () => void qc.invalidateQueries({ queryKey: bookingKeys.favourites() }),
  });
}

// A booking page's own time slots and the floor maps it shows (decision 093 round six).
const pageSettingsKey = (pageId: string, what: 'time-slots' | 'maps') => workspaceKey('booking-pages', pageId, what);
const pageSettingsPath = (pageId: string, what: 'time-slots' | 'maps') => `/api/v1/booking-pages/${pageId}/${what}`;

export const usePageTimeSlots = (pageId: string | undefined) =>
  useQuery({
    queryKey: pageSettingsKey(pageId ?? '', 'time-slots'),
    queryFn: () => apiRequest<BookingPageTimeSlots>(pageSettingsPath(pageId ?? '', 'time-slots')),
    enabled: !!pageId,
  });

export function useSavePageTimeSlots(pageId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BookingPageTimeSlots) =>
      apiRequest<BookingPageTimeSlots>(pageSettingsPath(pageId, 'time-slots'), { method: 'PUT', body }),
    onSuccess: (saved) => qc.setQueryData(pageSettingsKey(pageId, 'time-slots'), saved),
  });
}

export const usePageMaps = (pageId: string) =>
  useQuery({ queryKey: pageSettingsKey(pageId, 'maps'), queryFn: () => apiRequest<BookingPageMaps>(pageSettingsPath(pageId, 'maps')) });

export function useSavePageMaps(pageId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BookingPageMapsUpdate) => apiRequest<BookingPageMaps>(pageSettingsPath(pageId, 'maps'), { method: 'PUT', body }),
    onSuccess: (saved) => qc.setQueryData(pageSettingsKey(pageId, 'maps'), saved),
  });
}

// the floor maps of a location, to choose a page's from
export const useLocationFloorMaps = (locationId: string | null) =>
  useQuery({
    queryKey: workspaceKey('floor-maps', 'location', locationId ?? ''),
    queryFn: () => apiRequest<FloorMapList>(`/api/v1/locations/${locationId ?? ''}/floor-maps`),
    enabled: !!locationId,
  });

// Calendar integrations (Settings; decision 093 round six): the providers and the workspace's
// connections, revoked by an administrator; connecting asks for the provider's authorization URL.
const integrationsKey = () => workspaceKey('calendar-integrations');
const INTEGRATIONS = '/api/v1/admin/calendar-integrations';
export const useCalendarIntegrations = () =>
  useQuery({ queryKey: integrationsKey(), queryFn: () => apiRequest<CalendarIntegrations>(INTEGRATIONS) });
export function useRevokeCalendarIntegration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`${INTEGRATIONS}/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: integrationsKey() }),
  });
}
export const useAuthorizeCalendar = () =>
  useMutation({
    mutationFn: (provider: CalendarProvider) =>
      apiRequest<CalendarAuthorization>(`${INTEGRATIONS}/${provider}/authorize`, { method: 'POST', body: {} }),
  });
