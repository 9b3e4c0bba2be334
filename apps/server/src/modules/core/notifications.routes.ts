import { notificationListQuerySchema, notificationListSchema, notificationReadSchema } from '@atrium/domain';
import { z } from 'zod';
import type { Router } from '../../platform/router';
import * as notificationsService from './notifications.service';

// Every member reads and marks only their own notifications.
export function registerNotificationRoutes(router: Router): void {
  const tags = ['notifications'];
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/notifications',
    summary: 'My notifications, newest first, with the unread count',
    tags,
    permission: null,
    schemas: { query: notificationListQuerySchema, response: notificationListSchema },
    handler: (ctx, { query }) => notificationsService.list(ctx, query),
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/notifications/unread-count',
    summary: 'How many of my notifications are unread',
    tags,
    permission: null,
    schemas: { response: z.object({ unread: z.number().int() }) },
    handler: async (ctx) => ({ unread: await notificationsService.unreadCount(ctx) }),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/notifications/read',
    summary: 'Mark notifications read (ids, or all)',
    tags,
    permission: null,
    example: { all: true },
    schemas: { body: notificationReadSchema, response: z.object({ updated: z.number().int(), unread: z.number().int() }) },
    handler: (ctx, { body }) => notificationsService.markRead(ctx, body),
  });
}
