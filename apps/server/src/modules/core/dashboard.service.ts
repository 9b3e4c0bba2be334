import { DASHBOARD_WIDGET_KEYS, DASHBOARD_WIDGETS, type DashboardLayout, type DashboardWidget } from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { fieldError } from '../../platform/errors';
import * as repo from './dashboard.repository';

const mayUse = (ctx: TenantContext, widget: DashboardWidget) => {
  const needs = DASHBOARD_WIDGETS[widget];
  return needs === null || ctx.permissions.has(needs);
};
const isWidget = (w: string): w is DashboardWidget => Object.hasOwn(DASHBOARD_WIDGETS, w);

export type LayoutAnswer = DashboardLayout & { customized: boolean };

// The widgets the user chose, without those they may no longer use.
export async function layoutOf(ctx: TenantContext): Promise<LayoutAnswer> {
  const saved = await repo.widgets(ctx);
  const chosen = (saved ?? DASHBOARD_WIDGET_KEYS).filter(isWidget);
  return { widgets: chosen.filter((w) => mayUse(ctx, w)), customized: saved !== undefined };
}

// A widget the user may not use cannot be chosen (403 on the widget).
export async function saveLayout(ctx: TenantContext, widgets: readonly DashboardWidget[]): Promise<LayoutAnswer> {
  const denied = widgets.findIndex((w) => !mayUse(ctx, w));
  const widget = widgets[denied];
  if (widget) throw fieldError(`widgets.${denied}`, 'accessDenied', `${widget} needs ${DASHBOARD_WIDGETS[widget]}`, 403);
  await repo.save(ctx, widgets);
  return layoutOf(ctx);
}
