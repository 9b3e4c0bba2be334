import type { NotificationItem } from '@atrium/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import { workspaceKey } from '../api/query-keys';

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

// Polled: mentions and followed changes arrive without a reload.
const POLL_MS = 30_000;

export const useUnreadCount = () =>
  useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: () => apiRequest<{ unread: number }>(NOTIFICATION_PATHS.unread),
    refetchInterval: POLL_MS,
  });
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
