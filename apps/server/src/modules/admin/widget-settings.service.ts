import type { PortalTheme, WidgetSettings, WidgetSettingsUpdate } from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import type { Db } from '../../platform/database';
import { notFound } from '../../platform/errors';
import { forgetWidgetSettings, widgetSettingsOf } from '../../platform/widgets';
import * as repo from './tenants.repository';
import type { TenantRow } from './tenants.repository';

// `db`: the process's connection, whose cache of widget settings the header hook reads
export type WidgetSettingsDeps = { db: Db };

const toDto = (row: TenantRow): WidgetSettings => ({
  allowedOrigins: row.widgetOrigins,
  primaryColor: row.widgetColor,
  dark: row.widgetDark,
});

// The widgets' settings of the workspace (decision 098): the sites that may frame its embedded
// portal pages (none listed: any site) and their theme.
export async function get(ctx: TenantContext): Promise<WidgetSettings> {
  const row = await repo.current(ctx);
  if (!row) throw notFound('Workspace');
  return toDto(row);
}

export async function update(ctx: TenantContext, deps: WidgetSettingsDeps, input: WidgetSettingsUpdate): Promise<WidgetSettings> {
  const row = await repo.updateCurrent(ctx, {
    widgetOrigins: [...new Set(input.allowedOrigins)],
    widgetColor: input.primaryColor,
    widgetDark: input.dark,
  });
  if (!row) throw notFound('Workspace');
  // this node applies it at once, the others within the cache's few seconds
  forgetWidgetSettings(deps.db, row.slug);
  return toDto(row);
}

// The theme a workspace's portal pages show themselves in; an unknown workspace has the defaults.
export async function portalTheme(db: Db, workspace: string): Promise<PortalTheme> {
  const settings = await widgetSettingsOf(db, workspace);
  return { primaryColor: settings.color, dark: settings.dark };
}
