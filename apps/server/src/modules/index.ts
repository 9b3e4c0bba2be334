import type { ModuleDeps } from '../platform/module';
import type { Router } from '../platform/router';
import { registerAdminModule } from './admin';
import { registerCampaignsModule } from './campaigns';
import { liveBookingStates, refuseCheckOutOfBookedItem, registerBookingsModule } from './bookings';
import { memberNotifier, registerCoreModule } from './core';
import { registerCrmModule } from './crm';
import { registerHelpdeskModule } from './helpdesk';
import { registerProjectsModule } from './projects';
import { announceResourceChanged, placementCentres, registerResourcesModule } from './resources';

// Each business module registers its routes here; the platform never imports a module.
export async function registerModules(router: Router, deps: ModuleDeps): Promise<void> {
  await registerAdminModule(router, deps);
  await registerCoreModule(router, deps);
  await registerCrmModule(router, deps);
  await registerCampaignsModule(router, deps);
  await registerProjectsModule(router, deps);
  await registerHelpdeskModule(router, deps);
  // a check-out of an item booked now by someone else is refused, and the live floor map shows
  // what is booked and checked in (bookings know; resources ask)
  await registerResourcesModule(router, deps, { beforeCheckOut: refuseCheckOutOfBookedItem, bookingStates: liveBookingStates });
  // a booking made, cancelled, checked in or out changes its resource's live state: open maps hear it
  // and a booking released by the auto-release job tells its booker (in Atrium here; the mail is
  // the booking's CANCEL invitation, which also takes it out of their calendar)
  const notifyMembers = memberNotifier(router, deps);
  await registerBookingsModule(router, deps, {
    changed: announceResourceChanged,
    // find-times "near a map point" asks where the floor's resources sit
    placements: placementCentres,
    released: async (ctx, rows) => {
      for (const b of rows)
        await notifyMembers(ctx, {
          recipients: [b.bookerId],
          kind: 'Followed',
          cause: 'bookingReleased',
          entityKind: 'Resource',
          entityId: b.resourceId,
          body: `Booked from ${b.start} (UTC); not checked in within the grace period, so the time is free again.`,
          mail: false,
        });
    },
  });
}
