import type { TenantContext } from '../../platform/context';
import type { MapBookingState } from '../resources';
import * as repo from './booking-states.repository';
import { CHECK_IN_EARLY_MINUTES, type Clock } from './bookings.service';

const STATE_OF = { Booked: 'booked', CheckedIn: 'checkedIn', Held: 'held' } as const;

// For the live floor map (issue 21/22): a resource is "booked" while a booking covers now or its
// check-in window is open, "checked in" while its booker is checked in, "held" while a portal
// visitor holds the time now (a hold of a later time does not show). The composition root hands
// this to the resources module, which never imports bookings.
export async function bookingStatesAt(
  ctx: TenantContext,
  now: Clock,
  resourceIds: readonly string[],
): Promise<ReadonlyMap<string, MapBookingState>> {
  const rows = await repo.liveBookingsAt(ctx, resourceIds, now(), CHECK_IN_EARLY_MINUTES * 60_000);
  return new Map(
    rows.map((r): [string, MapBookingState] => [r.resourceId, { state: STATE_OF[r.status], bookerName: r.bookerName, until: r.until }]),
  );
}
