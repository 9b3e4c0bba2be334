import { portalThemeSchema, slugSchema, widgetSettingsSchema, widgetSettingsUpdateSchema } from '@atrium/domain';
import { z } from 'zod';
import type { Router } from '../../platform/router';
import * as widgetSettingsService from './widget-settings.service';
import type { WidgetSettingsDeps } from './widget-settings.service';

export function registerWidgetSettingsRoutes(router: Router, deps: WidgetSettingsDeps): void {
  const tags = ['widget settings'];
  router.tenant({
    method: 'GET',
    url: '/api/v1/admin/widget-settings',
    summary: "The widgets' settings: the sites that may frame the embedded portal pages (none: any site) and their theme",
    tags,
    permission: ['Setting.ViewWorkspace', 'Setting.ManageWorkspace'],
    schemas: { response: widgetSettingsSchema },
    handler: (ctx) => widgetSettingsService.get(ctx),
  });
  router.tenant({
    method: 'PUT',
    url: '/api/v1/admin/widget-settings',
    summary: 'Set the sites that may frame the embedded portal pages (at most 50 origins; empty: any site) and their theme',
    tags,
    permission: 'Setting.ManageWorkspace',
    example: { allowedOrigins: ['https://www.acme-corp.test', 'http://localhost:8080'], primaryColor: '#0b7a75', dark: false },
    schemas: { body: widgetSettingsUpdateSchema, response: widgetSettingsSchema },
    handler: (ctx, { body }) => widgetSettingsService.update(ctx, deps, body),
  });
  router.public({
    method: 'GET',
    url: '/api/v1/public/portal-theme/:workspace',
    summary: "The theme of a workspace's portal pages (the widgets' settings): a primary colour and light or dark",
    tags: ['Portal'],
    rateLimit: 'public',
    paramsExample: { workspace: 'acme' },
    schemas: { params: z.object({ workspace: slugSchema }), response: portalThemeSchema },
    handler: (ctx, { params }) => widgetSettingsService.portalTheme(ctx.db, params.workspace),
  });
}
