import { DASHBOARD_WIDGETS, myProjectsSchema, myTasksSchema } from '@atrium/domain';
import type { Router } from '../../platform/router';
import * as dashboard from './dashboard.service';

// Work management's dashboard widgets: my open tasks and my projects (spec §6 Dashboard:
// ViewMyTasks, ViewMyProjects, which every member holds).
export function registerProjectDashboardRoutes(router: Router): void {
  const tags = ['Dashboard'];
  router.tenant({
    method: 'GET',
    url: '/api/v1/dashboard/my-tasks',
    summary: 'My open tasks, soonest due first',
    tags,
    permission: DASHBOARD_WIDGETS.myTasks,
    readOnly: true,
    schemas: { response: myTasksSchema },
    handler: (ctx) => dashboard.myTasks(ctx),
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/dashboard/my-projects',
    summary: 'The projects I lead, follow or have open tasks in',
    tags,
    permission: DASHBOARD_WIDGETS.myProjects,
    readOnly: true,
    schemas: { response: myProjectsSchema },
    handler: (ctx) => dashboard.myProjects(ctx),
  });
}
