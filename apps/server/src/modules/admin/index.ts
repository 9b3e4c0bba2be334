import type { Router } from '../../platform/router';
import type { ModuleDeps } from '../../platform/module';
import { registerCaptionRoutes } from './captions.routes';
import { registerPlanRoutes } from './plans.routes';
import { registerRoleRoutes } from './roles.routes';
import { registerSubscriptionRoutes } from './subscriptions.routes';
import { registerTenantRoutes } from './tenants.routes';
import { registerWorkspaceDomainRoutes } from './workspace-domain.routes';
import { workspaceUsersRepository } from './workspace-users.repository';
import { registerWorkspaceUserRoutes } from './workspace-users.routes';
import { INVITATION_RETENTION_MS, workspaceUsersService } from './workspace-users.service';
import { registerTeamRoutes } from './teams.routes';
import { createTxtResolver } from '../../platform/dns';

export { tenants, tenantUsers, roles, teams, teamMembers, subscriptions } from './admin.table';
export { teamsRepository } from './teams.repository';
export { assertWithinPlanLimit } from './subscriptions.service';

export async function registerAdminModule(router: Router, deps: ModuleDeps): Promise<void> {
  registerPlanRoutes(router);
  registerCaptionRoutes(router);
  registerTenantRoutes(router);
  const users = { mailer: deps.mailer, publicUrl: deps.config.publicUrl };
  registerWorkspaceUserRoutes(router, users);
  const invitations = workspaceUsersService(users);
  registerTeamRoutes(router, { publicUrl: users.publicUrl, resendInvite: invitations.resendInvite });
  registerRoleRoutes(router);
  registerSubscriptionRoutes(router);
  registerWorkspaceDomainRoutes(router, {
    mailer: deps.mailer,
    resolveTxt: createTxtResolver(deps.config.dnsServers),
    db: deps.database.db,
  });
  // an expired invitation stays listed (it can be sent again) for a while, then goes
  deps.jobs.cleanup({
    name: 'invitations',
    description: 'Invitations expired more than 30 days ago',
    run: (ctx, now) => workspaceUsersRepository.deleteExpiredInvitations(ctx, new Date(now.getTime() - INVITATION_RETENTION_MS)),
  });
}
