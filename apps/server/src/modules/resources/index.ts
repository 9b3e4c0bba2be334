import { registerCaptions } from '../../platform/captions';
import type { ModuleDeps } from '../../platform/module';
import type { Router } from '../../platform/router';
import { RESOURCES_CAPTIONS } from './resources.captions';
import { registerResourceEntities } from './resources.entities';
import { registerResourceRoutes } from './resources.routes';
import { systemClock } from './resources.service';

export { locations, resources, resourceTypes } from './resources.table';

// The asset catalogue (issue 21): locations, resource types and resources on the engine, and
// check-out / check-in of assignable items.
export async function registerResourcesModule(router: Router, _deps: ModuleDeps): Promise<void> {
  registerCaptions(RESOURCES_CAPTIONS);
  const kinds = registerResourceEntities(router);
  registerResourceRoutes(router, { now: systemClock, kinds });
}
