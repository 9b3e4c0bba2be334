import type { Router } from '../../platform/router';
import type { ModuleDeps } from '../index';
import { registerCaptionRoutes } from './captions.routes';
import { registerPlanRoutes } from './plans.routes';

export { tenants, tenantUsers, roles, teams, teamMembers, subscriptions } from './admin.table';

export async function registerAdminModule(router: Router, _deps: ModuleDeps): Promise<void> {
  registerPlanRoutes(router);
  registerCaptionRoutes(router);
}
