import { DASHBOARD_WIDGET_KEYS, DASHBOARD_WIDGETS, dashboardLayoutSchema, type DashboardWidget } from '@atrium/domain';
import { z } from 'zod';
import type { TenantContext } from '../../platform/context';
import { fieldError } from '../../platform/errors';
import type { Router } from '../../platform/router';
import { dashboardRepository as repo } from './dashboard.repository';

const mayUse = (ctx: TenantContext, widget: DashboardWidget) => {
  const needs = DASHBOARD_WIDGETS[widget];
  return needs === null || ctx.permissions.has(needs);
};
const isWidget = (w: string): w is DashboardWidget => Object.hasOwn(DASHBOARD_WIDGETS, w);

// `customized`: false until the user chooses (then every widget they may use shows)
const layoutResponse = dashboardLayoutSchema.extend({ customized: z.boolean() });

// The widgets the user chose, without those they may no longer use.
async function layoutOf(ctx: TenantContext): Promise<z.infer<typeof layoutResponse>> {
  const saved = await repo.widgets(ctx);
  const chosen = (saved ?? DASHBOARD_WIDGET_KEYS).filter(isWidget);
  return { widgets: chosen.filter((w) => mayUse(ctx, w)), customized: saved !== undefined };
}

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
    handler: async (ctx) => layoutOf(ctx),
  });
  router.tenant({
    method: 'PUT',
    url: '/api/v1/core/dashboard/layout',
    summary: 'Choose and order the widgets on my dashboard',
    tags: ['Dashboard'],
    permission: null,
    schemas: { body: dashboardLayoutSchema, response: layoutResponse },
    example: { widgets: ['recentRecords'] },
    handler: async (ctx, { body }) => {
      const denied = body.widgets.findIndex((w) => !mayUse(ctx, w));
      const widget = body.widgets[denied];
      if (widget) throw fieldError(`widgets.${denied}`, 'accessDenied', `${widget} needs ${DASHBOARD_WIDGETS[widget]}`, 403);
      await repo.save(ctx, body.widgets);
      return layoutOf(ctx);
    },
  });
}
