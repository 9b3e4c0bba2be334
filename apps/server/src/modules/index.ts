import type { ModuleDeps } from '../platform/module';
import type { Router } from '../platform/router';
import { registerAdminModule } from './admin';
import { refuseCheckOutOfBookedItem, registerBookingsModule } from './bookings';
import { registerCoreModule } from './core';
import { registerCrmModule } from './crm';
import { registerProjectsModule } from './projects';
import { registerResourcesModule } from './resources';

// Each business module registers its routes here; the platform never imports a module.
export async function registerModules(router: Router, deps: ModuleDeps): Promise<void> {
  await registerAdminModule(router, deps);
  await registerCoreModule(router, deps);
  await registerCrmModule(router, deps);
  await registerProjectsModule(router, deps);
  // a check-out of an item booked now by someone else is refused (bookings know; resources ask)
  await registerResourcesModule(router, deps, { beforeCheckOut: refuseCheckOutOfBookedItem });
  await registerBookingsModule(router, deps);
}
