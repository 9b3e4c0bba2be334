import { registerCaptions } from '../../platform/captions';
import type { ModuleDeps } from '../../platform/module';
import type { Router } from '../../platform/router';
import { FLOOR_MAPS_CAPTIONS } from './floor-maps.captions';
import { registerFloorMapRoutes } from './floor-maps.routes';
import type { MapBookingStates } from './floor-maps.service';
import { RESOURCES_CAPTIONS } from './resources.captions';
import { registerResourceEntities } from './resources.entities';
import { registerResourceRoutes } from './resources.routes';
import { announceResourceChanged, systemClock, type CheckOutGuard } from './resources.service';

export { locations, resources, resourceTypes } from './resources.table';
export { floorMaps } from './floor-maps.table';

// The asset catalogue (issue 21): locations, resource types and resources on the engine, and
// check-out / check-in of assignable items, floor maps with their plan images.
export async function registerResourcesModule(
  router: Router,
  _deps: ModuleDeps,
  hooks: { beforeCheckOut?: CheckOutGuard; bookingStates?: MapBookingStates } = {},
): Promise<void> {
  registerCaptions(RESOURCES_CAPTIONS);
  registerCaptions(FLOOR_MAPS_CAPTIONS);
  const kinds = registerResourceEntities(router);
  const { bookingStates, ...checkOut } = hooks;
  registerResourceRoutes(router, { now: systemClock, kinds, ...checkOut });
  registerFloorMapRoutes(router, bookingStates ? { bookingStates } : {});
}

// For a module whose changes alter a resource's live state (a booking made, cancelled, checked in
// or out): tells every open live map, through the resource's record event, to read it again.
export { announceResourceChanged };
export type { MapBookingState, MapBookingStates } from './floor-maps.service';

// For find-times "near a map point": where each resource on a floor map sits.
export { placementCentres } from './floor-maps.service';
