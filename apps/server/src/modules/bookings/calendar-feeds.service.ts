import {
  CALENDAR_FEED_AHEAD_DAYS,
  CALENDAR_FEED_MAX_EVENTS,
  CALENDAR_FEED_PAST_DAYS,
  type CalendarFeed,
  type CalendarFeedCreate,
  type CalendarFeedList,
} from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import type { Db } from '../../platform/database';
import { fieldError, notFound } from '../../platform/errors';
import { hashToken, newTenantToken, parseTenantToken } from '../../platform/tenant-token';
import { bookingsFeed } from './booking-ical.util';
import type { Clock } from './bookings.service';
import * as bookingsRepo from './bookings.repository';
import * as repo from './calendar-feeds.repository';

// Secret iCalendar feeds (decision 096): a calendar app subscribes to a member's own bookings
// or to one resource's, by a URL that carries a workspace-naming secret instead of a sign-in.
// The URL is shown once; revoking it makes it answer 404.
export type CalendarFeedDeps = { now: Clock; publicUrl: string };

const DAY = 86_400_000;
const feedUrl = (publicUrl: string, token: string) => `${publicUrl}/api/v1/calendar-feeds/${token}/calendar.ics`;
const toFeed = (r: repo.FeedRow): CalendarFeed => ({
  id: r.id,
  resource: r.resourceId ? { id: r.resourceId, title: r.resourceTitle ?? '' } : null,
  createdAt: r.createdAt,
  lastReadAt: r.lastReadAt,
});

export async function createFeed(ctx: TenantContext, deps: CalendarFeedDeps, body: CalendarFeedCreate): Promise<CalendarFeed> {
  const resourceId = body.resourceId ?? null;
  if (resourceId && !(await repo.resourceVisible(ctx, resourceId)))
    throw fieldError('resourceId', 'notFound', 'resourceId names no resource of this workspace');
  const token = newTenantToken(ctx.tenantId);
  const id = await repo.insertFeed(ctx, resourceId, hashToken(token));
  const [row] = await repo.feedsOf(ctx, ctx.tenantUserId, id);
  if (!row) throw notFound('CalendarFeed');
  return { ...toFeed(row), url: feedUrl(deps.publicUrl, token) };
}

export async function listFeeds(ctx: TenantContext): Promise<CalendarFeedList> {
  return { data: (await repo.feedsOf(ctx, ctx.tenantUserId)).map(toFeed) };
}

// Only its owner revokes a feed; anyone else's answers 404 like one that does not exist.
export async function revokeFeed(ctx: TenantContext, id: string): Promise<void> {
  if (!(await repo.revokeFeed(ctx, ctx.tenantUserId, id))) throw notFound('CalendarFeed');
}

// The calendar behind a feed URL: the last 30 days and the coming year of bookings (cancelled
// and released ones left out), at most 2,000. A malformed, unknown or revoked token, or one
// whose owner left the workspace, is 404.
export async function feedCalendar(db: Db, deps: CalendarFeedDeps, token: string): Promise<string> {
  const parsed = parseTenantToken(token);
  if (!parsed) throw notFound('CalendarFeed');
  return db.transaction(async (tx) => {
    await bookingsRepo.enterWorkspace(tx, parsed.tenantId);
    const scope = { tenantId: parsed.tenantId, db: tx };
    const feed = await repo.readFeed(scope, hashToken(token));
    if (!feed) throw notFound('CalendarFeed');
    const now = deps.now().getTime();
    const { rows } = await bookingsRepo.bookingRows(scope, {
      ...(feed.resourceId ? { resourceId: feed.resourceId } : { bookerId: feed.ownerId }),
      from: new Date(now - CALENDAR_FEED_PAST_DAYS * DAY).toISOString(),
      to: new Date(now + CALENDAR_FEED_AHEAD_DAYS * DAY).toISOString(),
      statuses: ['Booked', 'CheckedIn', 'CheckedOut'],
      limit: CALENDAR_FEED_MAX_EVENTS,
    });
    const workspace = await repo.workspaceName(scope);
    return bookingsFeed({
      name: feed.resourceId ? `${feed.resourceTitle ?? ''} – ${workspace}` : `My bookings – ${workspace}`,
      host: new URL(deps.publicUrl).hostname || 'atrium.local',
      url: `${deps.publicUrl}/bookings`,
      bookings: rows.map((r) => ({ ...r, version: Number(r.version) })),
      whoBooked: feed.resourceId !== null,
    });
  });
}
