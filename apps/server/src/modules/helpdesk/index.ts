import { registerCaptions } from '../../platform/captions';
import { provideRecordChangeListener, provideRecordCleanup, provideRolePermissions } from '../../platform/entity';
import { fileAttacher, recordImages, recordLinker } from '../core';
import type { ModuleDeps } from '../../platform/module';
import type { Router } from '../../platform/router';
import { HELPDESK_CAPTIONS } from './helpdesk.captions';
import { registerHelpdeskEntities } from './helpdesk.entities';
import { helpdeskInboundHandler } from './helpdesk-inbound.service';
import { registerHelpdeskPortalRoutes } from './helpdesk-portal.routes';
import { registerHelpdeskRoutes } from './helpdesk.routes';
import { registerHelpdeskMemberRoutes } from './helpdesk-members.routes';
import { deleteMembersOf, helpdeskRoleProvider } from './helpdesk-members.service';
import {
  articleHooks,
  followRequestStage,
  followTaskStage,
  helpdeskHooks,
  helpdeskPurged,
  registerScheduledPublishJob,
  requestHooks,
  systemClock,
  topicHooks,
} from './helpdesk.service';

export { helpdesks, requests } from './helpdesk.table';
// the workspace's portal identity (decision 093 round seven): the booking portal asks who is signed in
export {
  redeemWorkspaceLink,
  sendWorkspaceSignInLink,
  signOutOfWorkspace,
  workspacePortalUser,
  type PortalUserDeps,
  type WorkspacePortalUser,
} from './helpdesk-portal-users.service';

// The helpdesk (issue 23): helpdesks, topics, the knowledge base's articles with full-text
// search, and requests with their conversation (replies through the mail outbox) and task.
export async function registerHelpdeskModule(router: Router, deps: ModuleDeps): Promise<void> {
  registerCaptions(HELPDESK_CAPTIONS);
  const kinds = registerHelpdeskEntities(router, {
    helpdesk: helpdeskHooks(() => kinds),
    topic: topicHooks,
    article: articleHooks,
    // the request's hooks make a requester contact through the engine, so they need the kinds
    request: requestHooks(() => kinds),
  });
  registerHelpdeskRoutes(router, {
    kinds,
    mailer: deps.mailer,
    config: deps.config,
    now: systemClock,
    linkRecords: recordLinker(router, deps),
  });
  registerHelpdeskPortalRoutes(router, {
    kinds,
    secret: deps.config.sessionSecret,
    images: recordImages(deps),
    now: systemClock,
    mailer: deps.mailer,
    config: deps.config,
  });
  // its members' roles add to their workspace permissions on the helpdesk and its requests
  registerHelpdeskMemberRoutes(router, kinds.helpdesk);
  provideRolePermissions(router, 'Helpdesk', helpdeskRoleProvider);
  // a purged helpdesk's request stages and members go with it
  provideRecordCleanup(router, async (ctx, kind, ids) => {
    if (kind !== 'Helpdesk') return;
    await helpdeskPurged(ctx, ids);
    await deleteMembersOf(ctx, ids);
  });
  // a request's stage follows its task's (closed, reopened)
  provideRecordChangeListener('helpdesk-task-stage', followTaskStage);
  // and, by a helpdesk's rule (taskStageFlow Both), a request closed closes its task
  provideRecordChangeListener('helpdesk-request-stage', followRequestStage);
  // mail to a helpdesk's sender address on the inbound SMTP listener (SMTP_INBOUND_PORT)
  deps.inboundMail.handle(
    helpdeskInboundHandler({
      kinds,
      database: deps.database,
      mailer: deps.mailer,
      config: deps.config,
      attach: fileAttacher(router, deps),
    }),
  );
  // drafts published at their publishAt
  registerScheduledPublishJob(deps.jobs, { database: deps.database, now: systemClock });
}
