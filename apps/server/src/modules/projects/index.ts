import { registerCaptions } from '../../platform/captions';
import type { ModuleDeps } from '../../platform/module';
import type { Router } from '../../platform/router';
import { PROJECTS_CAPTIONS } from './projects.captions';
import { PROJECT_MEMBERS_CAPTIONS } from './project-members.captions';
import { PROJECT_PAGES_CAPTIONS } from './project-pages.captions';
import { registerProjectDashboardRoutes } from './dashboard.routes';
import { provideRecordCleanup, provideRolePermissions } from '../../platform/entity';
import { deleteRolesOf, projectRoleProvider } from './project-roles.service';
import { registerProjectRoleRoutes } from './project-roles.routes';
import { registerProjectEntities } from './projects.entities';
import { registerProjectRoutes } from './projects.routes';
import { projectPurged } from './projects.service';
import { registerTaskChecklistRoutes } from './task-checklist.routes';
import { registerTaskLinkRoutes } from './task-links.routes';
import { registerTaskScheduleRoutes } from './task-schedules.routes';
import { registerTaskScheduleJob, systemClock } from './task-schedules.service';
import { TIME_LOGS_CAPTIONS } from './time-logs.captions';
import { registerTimeLogRoutes } from './time-logs.routes';

export { projects, tasks } from './projects.table';

export async function registerProjectsModule(router: Router, deps: ModuleDeps): Promise<void> {
  registerCaptions(PROJECTS_CAPTIONS);
  registerCaptions(PROJECT_PAGES_CAPTIONS);
  registerCaptions(TIME_LOGS_CAPTIONS);
  registerCaptions(PROJECT_MEMBERS_CAPTIONS);
  const kinds = registerProjectEntities(router);
  const schedules = { database: deps.database, now: systemClock, kinds };
  registerTaskScheduleRoutes(router, schedules);
  registerTaskLinkRoutes(router, kinds);
  registerProjectRoutes(router, kinds);
  registerProjectRoleRoutes(router, kinds);
  provideRolePermissions(router, 'Project', projectRoleProvider);
  // a purged project's or template's roles and task stages go with it
  provideRecordCleanup(router, async (ctx, kind, ids) => {
    if (kind !== 'Project' && kind !== 'ProjectTemplate') return;
    await deleteRolesOf(ctx, ids);
    await projectPurged(ctx, ids);
  });
  registerTaskChecklistRoutes(router, kinds.task);
  registerProjectDashboardRoutes(router);
  registerTimeLogRoutes(router, { now: systemClock, kinds });
  registerTaskScheduleJob(deps.jobs, schedules);
}
