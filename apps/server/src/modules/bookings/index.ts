import type { TenantContext } from '../../platform/context';
import { registerCaptions } from '../../platform/captions';
import type { ModuleDeps } from '../../platform/module';
import type { Router } from '../../platform/router';
import { BOOKINGS_CAPTIONS } from './bookings.captions';
import { registerBookingRoutes } from './bookings.routes';
import { assertNotBookedByOther, systemClock } from './bookings.service';

export { bookings } from './bookings.table';

// Workplace booking (issue 22): bookings under one policy engine, find-times, no double booking.
export async function registerBookingsModule(router: Router, _deps: ModuleDeps): Promise<void> {
  registerCaptions(BOOKINGS_CAPTIONS);
  registerBookingRoutes(router, { now: systemClock });
}

// For the asset catalogue's check-out: an item booked now by someone else is refused.
export const refuseCheckOutOfBookedItem = (ctx: TenantContext, resourceId: string, holderId: string): Promise<void> =>
  assertNotBookedByOther(ctx, { now: systemClock }, resourceId, holderId);
