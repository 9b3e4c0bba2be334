import { calendarFeedCreateSchema, calendarFeedListSchema, calendarFeedSchema, type Permission } from '@atrium/domain';
import { z } from 'zod';
import type { Router } from '../../platform/router';
import { createFeed, feedCalendar, listFeeds, revokeFeed, type CalendarFeedDeps } from './calendar-feeds.service';

const BASE = '/api/v1/calendar-feeds';
const VIEW: Permission = 'Resource.ViewResources';

// iCalendar feeds (issue 22, decision 096): the caller's secret feed URLs, and the public
// calendar each URL serves to a calendar app.
export function registerCalendarFeedRoutes(router: Router, deps: CalendarFeedDeps): void {
  const common = { tags: ['Booking'], permission: VIEW };
  router.tenant({
    ...common,
    method: 'POST',
    url: BASE,
    summary: "Make a secret iCalendar feed URL of the caller's bookings, or of one resource's (resourceId); the URL is in this answer only",
    status: 201,
    table: 'calendar_feeds',
    schemas: { body: calendarFeedCreateSchema, response: calendarFeedSchema },
    example: {},
    handler: (ctx, { body }) => createFeed(ctx, deps, body),
  });
  router.tenant({
    ...common,
    method: 'GET',
    url: BASE,
    summary: "The caller's live feed URLs (without their secret), newest first, with when each was last read",
    readOnly: true,
    schemas: { response: calendarFeedListSchema },
    handler: (ctx) => listFeeds(ctx),
  });
  router.tenant({
    ...common,
    method: 'DELETE',
    url: `${BASE}/:id`,
    summary: 'Revoke one of the caller’s feed URLs: it answers 404 from then on',
    status: 204,
    table: 'calendar_feeds',
    schemas: { params: z.object({ id: z.uuid() }) },
    handler: async (ctx, { params }) => revokeFeed(ctx, params.id),
  });
  router.public({
    method: 'GET',
    url: `${BASE}/:token/calendar.ics`,
    summary: 'The calendar (text/calendar, RFC 5545) a feed URL serves: no sign-in, the secret in the URL is the key; 404 once revoked',
    tags: ['Booking'],
    rateLimit: 'public',
    schemas: { params: z.object({ token: z.string().max(200) }) },
    paramsExample: { token: '00000000-0000-0000-0000-000000000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    produces: ['text/calendar'],
    handler: async (ctx, { params, reply }) => {
      const body = await feedCalendar(ctx.db, deps, params.token);
      reply.header('content-type', 'text/calendar; charset=utf-8');
      reply.header('content-disposition', 'inline; filename="calendar.ics"');
      reply.header('cache-control', 'private, max-age=300');
      await reply.send(body);
    },
  });
}
