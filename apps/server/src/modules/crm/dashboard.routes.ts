import { DASHBOARD_WIDGETS, myTeamsSchema, openOpportunitiesByStageSchema, pipelineByMonthSchema } from '@atrium/domain';
import type { Router } from '../../platform/router';
import * as dashboardService from './dashboard.service';

// The CRM's dashboard widgets (decision 037): my open opportunities by stage, the open pipeline
// by close month, my teams. Each needs the permission its widget declares.
export function registerCrmDashboardRoutes(router: Router): void {
  const tags = ['Dashboard'];
  router.tenant({
    method: 'GET',
    url: '/api/v1/dashboard/my-open-opportunities',
    summary: 'My open opportunities by stage, with their value',
    tags,
    permission: DASHBOARD_WIDGETS.myOpenOpportunities,
    readOnly: true,
    schemas: { response: openOpportunitiesByStageSchema },
    handler: (ctx) => dashboardService.myOpenOpportunities(ctx),
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/dashboard/pipeline-by-month',
    summary: 'The open pipeline’s value by month of the estimated close date',
    tags,
    permission: DASHBOARD_WIDGETS.pipelineByMonth,
    readOnly: true,
    schemas: { response: pipelineByMonthSchema },
    handler: (ctx) => dashboardService.pipelineByMonth(ctx),
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/dashboard/my-teams',
    summary: 'The teams I am a member of',
    tags,
    permission: DASHBOARD_WIDGETS.myTeams,
    readOnly: true,
    schemas: { response: myTeamsSchema },
    handler: (ctx) => dashboardService.myTeams(ctx),
  });
}
