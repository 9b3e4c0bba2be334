import type { Router } from '../../platform/router';
import type { ModuleDeps } from '../index';
import { registerSavedViewRoutes } from './saved-views.routes';

export async function registerCoreModule(router: Router, _deps: ModuleDeps): Promise<void> {
  registerSavedViewRoutes(router);
}
