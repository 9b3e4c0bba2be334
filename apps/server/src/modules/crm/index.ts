import { registerCaptions } from '../../platform/captions';
import type { Router } from '../../platform/router';
import { CRM_CAPTIONS } from './crm.captions';
import { TEAM_CAPTIONS } from './teams.captions';
import type { ModuleDeps } from '../../platform/module';
import { registerCrmEntities } from './crm.entities';
import { registerGlobalLookupRoutes } from './global-lookups.routes';
import { registerCrmDashboardRoutes } from './dashboard.routes';

export async function registerCrmModule(router: Router, _deps: ModuleDeps): Promise<void> {
  registerCaptions(CRM_CAPTIONS);
  registerCaptions(TEAM_CAPTIONS);
  registerCrmEntities(router);
  registerGlobalLookupRoutes(router);
  registerCrmDashboardRoutes(router);
}
