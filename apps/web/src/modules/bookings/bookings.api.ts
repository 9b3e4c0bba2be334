import type { Booking, BookingCreate, BookingList, FindTimes, FindTimesResult } from '@atrium/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../platform/api/api-client';
import { workspaceKey } from '../../platform/api/query-keys';

// The bookings calls the web uses: my upcoming bookings, find-times, book, cancel, check in/out.
export const bookingKeys = {
  all: () => workspaceKey('bookings'),
  mine: () => workspaceKey('bookings', 'mine'),
  options: (path: string) => workspaceKey('bookings', 'options', path),
};

export function useMyBookings() {
  return useQuery({
    queryKey: bookingKeys.mine(),
    queryFn: () => apiRequest<BookingList>('/api/v1/bookings/list', { method: 'POST', body: { mine: true, limit: 100 } }),
  });
}

type Option = { id: string; name: string };
// the locations or resource types to choose from (the engine's list call, first 100 by name)
export function useChoices(listPath: string) {
  return useQuery({
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

export type BookingAction = 'cancel' | 'check-in' | 'check-out';
export function useBookingAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: BookingAction }) =>
      apiRequest<Booking>(`/api/v1/bookings/${id}/${action}`, { method: 'POST' }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: bookingKeys.all() }),
  });
}
