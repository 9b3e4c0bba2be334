import type { Router } from '../../platform/router';
import type { ModuleDeps } from '../../platform/module';
import { registerCaptions } from '../../platform/captions';
import { PLAN_CAPTIONS } from './plans.captions';
import { ROLE_CAPTIONS } from './roles.captions';
import { TENANT_CAPTIONS } from './tenants.captions';
import { WIDGET_SETTINGS_CAPTIONS } from './widget-settings.captions';
import { WORKSPACE_DOMAIN_CAPTIONS } from './workspace-domain.captions';
import { WORKSPACE_USER_CAPTIONS } from './workspace-users.captions';
import { registerCaptionRoutes } from './captions.routes';
import { registerPlanRoutes } from './plans.routes';
import { registerRoleRoutes } from './roles.routes';
import { registerSubscriptionRoutes } from './subscriptions.routes';
import { registerTenantRoutes } from './tenants.routes';
import { registerWidgetSettingsRoutes } from './widget-settings.routes';
import { registerWorkspaceDomainRoutes } from './workspace-domain.routes';
import * as workspaceUsersRepository from './workspace-users.repository';
import { registerWorkspaceUserRoutes } from './workspace-users.routes';
import { INVITATION_RETENTION_MS } from './workspace-users.service';
import { createTxtResolver } from '../../platform/dns';

export { tenants, tenantUsers, roles, subscriptions } from './admin.table';
export { enterInvitedTenant, joinThroughInvite, tenantOf } from './tenants.service';
export { resendInvite, type WorkspaceUsersDeps } from './workspace-users.service';
export { assertWithinPlanLimit } from './subscriptions.service';

export async function registerAdminModule(router: Router, deps: ModuleDeps): Promise<void> {
  registerCaptionRoutes(router);
  for (const set of [
    TENANT_CAPTIONS,
    WORKSPACE_USER_CAPTIONS,
    PLAN_CAPTIONS,
    ROLE_CAPTIONS,
    WORKSPACE_DOMAIN_CAPTIONS,
    WIDGET_SETTINGS_CAPTIONS,
  ])
    registerCaptions(set);
  registerPlanRoutes(router);
  registerTenantRoutes(router);
  const users = { mailer: deps.mailer, publicUrl: deps.config.publicUrl };
  registerWorkspaceUserRoutes(router, users);
  registerRoleRoutes(router);
  registerSubscriptionRoutes(router);
  registerWorkspaceDomainRoutes(router, {
    mailer: deps.mailer,
    resolveTxt: createTxtResolver(deps.config.dnsServers),
    db: deps.database.db,
  });
  registerWidgetSettingsRoutes(router, { db: deps.database.db });
  // an expired invitation stays listed (it can be sent again) for a while, then goes
  deps.jobs.cleanup({
    name: 'invitations',
    description: 'Invitations expired more than 30 days ago',
    run: (ctx, now) => workspaceUsersRepository.deleteExpiredInvitations(ctx, new Date(now.getTime() - INVITATION_RETENTION_MS)),
  });
}
