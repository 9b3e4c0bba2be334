import type { TenantContext } from '../../platform/context';
import { registerCaptions } from '../../platform/captions';
import type { ModuleDeps } from '../../platform/module';
import type { Router } from '../../platform/router';
import { BOOKINGS_CAPTIONS } from './bookings.captions';
import type { ReleasedBooking } from './bookings.repository';
import { registerBookingRoutes } from './bookings.routes';
import { registerBookingPageEntity, registerBookingServiceEntity } from './booking-pages.entities';
import { cancelOrders } from './booking-services.service';
import { registerBookingPageSettingsRoutes } from './booking-page-settings.routes';
import { registerBookingPortalRoutes } from './booking-portal.routes';
import { registerCalendarFeedRoutes } from './calendar-feeds.routes';
import { registerCalendarIntegrationRoutes } from './calendar-integrations.routes';
import { bookingStatesAt } from './booking-states.service';
import { assertNotBookedByOther, registerAutoReleaseJob, systemClock, type BookingDeps } from './bookings.service';

export { bookings, bookingPages, bookingServices, bookingServiceOrders } from './bookings.table';

// Workplace booking (issue 22): bookings under one policy engine, find-times, no double booking.
// `hooks.changed` hears of every booking made, cancelled, checked in or out (the live map);
// `hooks.released` of the bookings the auto-release job released (their bookers are told).
export async function registerBookingsModule(
  router: Router,
  deps: ModuleDeps,
  hooks: {
    changed?: (ctx: TenantContext, resourceId: string) => Promise<void>;
    released?: (ctx: TenantContext, released: ReleasedBooking[]) => Promise<void>;
    placements?: BookingDeps['placements'];
  } = {},
): Promise<void> {
  registerCaptions(BOOKINGS_CAPTIONS);
  const page = registerBookingPageEntity(router);
  const publicUrl = deps.config.publicUrl;
  const invitations = { mailer: deps.mailer, publicUrl, sender: deps.config.mailFrom };
  const ended = (ctx: TenantContext, bookingId: string) => cancelOrders(ctx, { invitations }, bookingId);
  registerBookingServiceEntity(router);
  registerBookingPageSettingsRoutes(router);
  registerBookingRoutes(router, {
    now: systemClock,
    invitations,
    ended,
    ...(hooks.changed ? { changed: hooks.changed } : {}),
    ...(hooks.placements ? { placements: hooks.placements } : {}),
  });
  registerCalendarFeedRoutes(router, { now: systemClock, publicUrl });
  registerCalendarIntegrationRoutes(router, {
    now: systemClock,
    publicUrl,
    secret: deps.config.sessionSecret,
    providers: deps.config.calendarProviders,
  });
  registerBookingPortalRoutes(router, {
    now: systemClock,
    page,
    secret: deps.config.sessionSecret,
    publicUrl,
    invitations,
    portalConfig: deps.config,
    ...(hooks.changed ? { changed: hooks.changed } : {}),
  });
  registerAutoReleaseJob(deps.jobs, { now: systemClock, database: deps.database, invitations, ended, ...hooks });
}

// For the asset catalogue's live floor map: booked and checked-in resources right now.
export const liveBookingStates = (ctx: TenantContext, resourceIds: readonly string[]) => bookingStatesAt(ctx, systemClock, resourceIds);

// For the asset catalogue's check-out: an item booked now by someone else is refused.
export const refuseCheckOutOfBookedItem = (ctx: TenantContext, resourceId: string, holderId: string): Promise<void> =>
  assertNotBookedByOther(ctx, { now: systemClock }, resourceId, holderId);
