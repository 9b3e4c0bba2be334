import { registerCaptions } from '../../platform/captions';
import type { Router } from '../../platform/router';
import { CRM_CAPTIONS } from './crm.captions';
import { TEAM_CAPTIONS } from './teams.captions';
import { LEAD_CONVERSION_CAPTIONS } from './lead-conversion.captions';
import { CONTACT_STATE_CAPTIONS } from './contact-states.captions';
import type { ModuleDeps } from '../../platform/module';
import { registerCrmEntities } from './crm.entities';
import { registerGlobalLookupRoutes } from './global-lookups.routes';
import { registerCrmDashboardRoutes } from './dashboard.routes';

export { teams, teamMembers } from './teams.table';
export { contacts } from './contacts.table';
export { organizations } from './organizations.table';
export { opportunities } from './opportunities.table';
export { findTeam, teamMembers as membersOfTeam } from './teams.service';

export async function registerCrmModule(router: Router, deps: ModuleDeps): Promise<void> {
  registerCaptions(CRM_CAPTIONS);
  registerCaptions(TEAM_CAPTIONS);
  registerCaptions(LEAD_CONVERSION_CAPTIONS);
  registerCaptions(CONTACT_STATE_CAPTIONS);
  const publicUrl = deps.config.publicUrl;
  registerCrmEntities(router, { publicUrl, mailer: deps.mailer });
  registerGlobalLookupRoutes(router);
  registerCrmDashboardRoutes(router);
}
