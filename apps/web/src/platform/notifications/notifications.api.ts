import type { NotificationItem } from '@atrium/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import { workspaceKey } from '../api/query-keys';
import { useLiveEvent, useLiveStatus } from '../live/use-live-events';

export const NOTIFICATION_PATHS = {
  list: '/api/v1/core/notifications?pageSize=25',
  unread: '/api/v1/core/notifications/unread-count',
  read: '/api/v1/core/notifications/read',
} as const;

export const notificationKeys = {
  all: () => workspaceKey('notifications'),
  list: () => workspaceKey('notifications', 'list'),
  unread: () => workspaceKey('notifications', 'unread'),
};

// A notification event refreshes the bell at once; polling is the fallback while the live
// connection is down.
const POLL_MS = 30_000;

export function useUnreadCount() {
  const qc = useQueryClient();
  const live = useLiveStatus();
  useLiveEvent('notification', () => void qc.invalidateQueries({ queryKey: notificationKeys.all() }));
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: () => apiRequest<{ unread: number }>(NOTIFICATION_PATHS.unread),
    refetchInterval: live === 'open' ? false : POLL_MS,
  });
}
export const useNotifications = (enabled: boolean) =>
  useQuery({
    queryKey: notificationKeys.list(),
    queryFn: () => apiRequest<{ data: NotificationItem[]; total: number; unread: number }>(NOTIFICATION_PATHS.list),
    enabled,
  });

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids?: string[]; all?: boolean }) =>
      apiRequest<{ updated: number; unread: number }>(NOTIFICATION_PATHS.read, { method: 'POST', body }),
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.all() }),
  });
}
