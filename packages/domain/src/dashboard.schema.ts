import { z } from 'zod';
import type { Permission } from './permissions';

// Widgets a user can add to the dashboard and arrange (issue 13); each needs a permission, and
// a user sees and may add only those they hold (decision 037).
export const DASHBOARD_WIDGETS = {
  myOpenOpportunities: 'Opportunity.ViewOpportunities',
  pipelineByMonth: 'Opportunity.ViewOpportunities',
  recentRecords: null,
  myTeams: 'Setting.ViewTeams',
  myTasks: 'Dashboard.ViewMyTasks',
  myProjects: 'Dashboard.ViewMyProjects',
  myTaskCalendar: 'Dashboard.ViewMyTaskCalendar',
  myResources: 'Dashboard.ViewMyResources',
  myCalendar: 'Dashboard.ViewMyCalendar',
} as const satisfies Record<string, Permission | null>;
export type DashboardWidget = keyof typeof DASHBOARD_WIDGETS;
// widgets a deployment's feature flag hides with the module they belong to
export const DASHBOARD_WIDGETS_HIDDEN_BY: Partial<Record<DashboardWidget, 'hideBookings' | 'hideCampaigns' | 'hideDevices'>> = {
  myCalendar: 'hideBookings',
};
export const DASHBOARD_WIDGET_KEYS = Object.keys(DASHBOARD_WIDGETS) as [DashboardWidget, ...DashboardWidget[]];

export const dashboardLayoutSchema = z.strictObject({
  widgets: z
    .array(z.enum(DASHBOARD_WIDGET_KEYS, { error: 'invalidOption' }))
    .max(DASHBOARD_WIDGET_KEYS.length)
    .refine((w) => new Set(w).size === w.length, { error: 'duplicateKey' })
    .meta({ uniqueItems: true }),
});
export type DashboardLayout = z.infer<typeof dashboardLayoutSchema>;

// my open opportunities by stage, with their value (open: a stage that is neither won nor lost)
export const openOpportunitiesByStageSchema = z.object({
  stages: z.array(
    z.object({
      workflowId: z.uuid(),
      workflowName: z.string(),
      stageId: z.uuid(),
      stageName: z.string(),
      color: z.string().nullable(),
      count: z.number().int(),
      sum: z.number(),
    }),
  ),
});
export type OpenOpportunitiesByStage = z.infer<typeof openOpportunitiesByStageSchema>;

// the open pipeline's value by month of the estimated close date ('YYYY-MM'; undated deals apart)
export const pipelineByMonthSchema = z.object({
  months: z.array(z.object({ month: z.string(), count: z.number().int(), sum: z.number() })),
  undated: z.object({ count: z.number().int(), sum: z.number() }),
});
export type PipelineByMonth = z.infer<typeof pipelineByMonthSchema>;

// records changed last, of every kind the user may view
export const recentRecordsSchema = z.array(z.object({ kind: z.string(), id: z.uuid(), title: z.string(), updatedAt: z.string() }));

// How many active records of each kind the caller sees (the dashboard's first card).
export const recordCountsSchema = z.array(z.object({ kind: z.string(), count: z.number().int().min(0) }));
export type RecordCounts = z.infer<typeof recordCountsSchema>;
export type RecentRecords = z.infer<typeof recentRecordsSchema>;

export const myTeamsSchema = z.array(z.object({ id: z.uuid(), name: z.string(), isDefault: z.boolean(), memberCount: z.number().int() }));
export type MyTeams = z.infer<typeof myTeamsSchema>;

// my open tasks (a stage that is not closed, won or lost), soonest due first, undated last
export const myTasksSchema = z.object({
  total: z.number().int(),
  tasks: z.array(
    z.object({
      id: z.uuid(),
      number: z.string(),
      title: z.string(),
      projectId: z.uuid(),
      projectTitle: z.string(),
      dueDate: z.string().nullable(),
      priority: z.string().nullable(),
      stageName: z.string().nullable(),
      stageColor: z.string().nullable(),
    }),
  ),
});
export type MyTasks = z.infer<typeof myTasksSchema>;

// the projects I lead or collaborate on, or have open tasks in, with their open tasks
export const myProjectsSchema = z.array(
  z.object({
    id: z.uuid(),
    title: z.string(),
    code: z.string(),
    openTasks: z.number().int(),
    myOpenTasks: z.number().int(),
  }),
);
export type MyProjects = z.infer<typeof myProjectsSchema>;
