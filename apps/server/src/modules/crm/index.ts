import type { Router } from '../../platform/router';
import type { ModuleDeps } from '../index';
import { registerContactRoutes } from './contacts.routes';
import { registerGlobalLookupRoutes } from './global-lookups.routes';

export async function registerCrmModule(router: Router, _deps: ModuleDeps): Promise<void> {
  registerContactRoutes(router);
  registerGlobalLookupRoutes(router);
}
