import { z } from 'zod';
import { TASK_LINK_KINDS } from './task-scheduling';

// Links between tasks (Plan.LinkTasks): a stored link is `blocks` (finish-to-start, it schedules)
// or `relatesTo`; a caller may also name the link from the blocked side (`blockedBy`), which is
// stored as `blocks` the other way.
export const TASK_LINK_DIRECTIONS = ['blocks', 'blockedBy', 'relatesTo'] as const;
export type TaskLinkDirection = (typeof TASK_LINK_DIRECTIONS)[number];

export const taskLinkCreateSchema = z.strictObject({
  taskId: z.uuid(),
  kind: z.enum(TASK_LINK_DIRECTIONS),
});
export type TaskLinkCreate = z.infer<typeof taskLinkCreateSchema>;

const isoDay = z.string().nullable();

// one link as seen from the task it is read on: what the other task is to this one
export const taskLinkSchema = z.object({
  id: z.uuid(),
  kind: z.enum(TASK_LINK_KINDS),
  direction: z.enum(TASK_LINK_DIRECTIONS),
  task: z.object({
    id: z.uuid(),
    number: z.string(),
    title: z.string(),
    projectId: z.uuid(),
    startDate: isoDay,
    dueDate: isoDay,
  }),
});
export type TaskLinkView = z.infer<typeof taskLinkSchema>;

export const ganttTaskSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  title: z.string(),
  projectId: z.uuid(),
  startDate: isoDay,
  dueDate: isoDay,
  workflowStage: z.uuid().nullable(),
  parentTaskId: z.uuid().nullable(),
  assigneeId: z.uuid().nullable(),
  priority: z.string().nullable(),
});
export type GanttTask = z.infer<typeof ganttTaskSchema>;

export const ganttLinkSchema = z.object({
  id: z.uuid(),
  fromId: z.uuid(),
  toId: z.uuid(),
  kind: z.enum(TASK_LINK_KINDS),
});
export type GanttLink = z.infer<typeof ganttLinkSchema>;

// a project's Gantt chart: its live tasks and the links between two of them
export const projectGanttSchema = z.object({
  tasks: z.array(ganttTaskSchema),
  links: z.array(ganttLinkSchema),
});
export type ProjectGantt = z.infer<typeof projectGanttSchema>;

// the portfolio: every project the caller sees, at most GANTT_TASK_LIMIT tasks (truncated says
// when more were left out)
export const GANTT_TASK_LIMIT = 5000;
export const portfolioGanttSchema = projectGanttSchema.extend({
  projects: z.array(z.object({ id: z.uuid(), title: z.string(), code: z.string() })),
  truncated: z.boolean(),
});
export type PortfolioGantt = z.infer<typeof portfolioGanttSchema>;
