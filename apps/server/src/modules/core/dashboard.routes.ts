import { dashboardLayoutSchema } from '@atrium/domain';
import { z } from 'zod';
import type { Router } from '../../platform/router';
import * as dashboardService from './dashboard.service';

// `customized`: false until the user chooses (then every widget they may use shows)
const layoutResponse = dashboardLayoutSchema.extend({ customized: z.boolean() });

// GET/PUT the user's dashboard layout (decision 037); the widgets' data come from the modules.
export function registerDashboardRoutes(router: Router): void {
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/dashboard/layout',
    summary: 'The widgets on my dashboard, in their order',
    tags: ['Dashboard'],
    permission: null,
    readOnly: true,
    schemas: { response: layoutResponse },
    handler: (ctx) => dashboardService.layoutOf(ctx),
  });
  router.tenant({
    method: 'PUT',
    url: '/api/v1/core/dashboard/layout',
    summary: 'Choose and order the widgets on my dashboard',
    tags: ['Dashboard'],
    permission: null,
    schemas: { body: dashboardLayoutSchema, response: layoutResponse },
    example: { widgets: ['recentRecords'] },
    handler: (ctx, { body }) => dashboardService.saveLayout(ctx, body.widgets),
  });
}
