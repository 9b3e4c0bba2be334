import {
  findBlockingCycle,
  GANTT_TASK_LIMIT,
  reschedule,
  type PortfolioGantt,
  type ProjectGantt,
  type TaskDateChange,
  type TaskDates,
  type TaskLink,
  type TaskLinkCreate,
  type TaskLinkView,
} from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { type ActivityInsert, recordActivities, requireRecord, type RegisteredEntity, visibilityRule } from '../../platform/entity';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { publishRecordEvent } from '../../platform/events/live-events.service';
import * as repo from './task-links.repository';

export type TaskLinkKinds = { task: RegisteredEntity; project: RegisteredEntity };

// A link read from its `from` end is what it says; read from its `to` end, `blocks` turns round.
const directionOf = (kind: TaskLink['kind'], outgoing: boolean): TaskLinkView['direction'] =>
  kind === 'relatesTo' ? 'relatesTo' : outgoing ? 'blocks' : 'blockedBy';

export async function listTaskLinks(ctx: TenantContext, kinds: TaskLinkKinds, taskId: string): Promise<TaskLinkView[]> {
  await requireRecord(ctx, kinds.task.registry, { kind: 'Task', id: taskId }, 'view');
  const rows = await repo.linksOfTask(ctx, taskId, visibilityRule(ctx, kinds.task));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    direction: directionOf(r.kind, r.outgoing),
    task: { id: r.task_id, number: r.number, title: r.name, projectId: r.project_id, startDate: r.start_date, dueDate: r.due_date },
  }));
}

// Links a task to another of the workspace, of any project. Checked in this order: both tasks
// exist and are visible (404, as another workspace's would), the plan, then the link itself.
export async function linkTasks(ctx: TenantContext, kinds: TaskLinkKinds, taskId: string, body: TaskLinkCreate): Promise<TaskLinkView> {
  await requireRecord(ctx, kinds.task.registry, { kind: 'Task', id: taskId }, 'manage');
  const [other] = await repo.tasksByIds(ctx, [body.taskId], visibilityRule(ctx, kinds.task));
  if (!other) throw fieldError('taskId', 'notFound', `taskId names no task of this workspace`, 404);
  if (!ctx.permissions.has('Plan.LinkTasks'))
    throw new AppError(403, 'planFeatureRequired', 'Linking tasks needs a plan with Plan.LinkTasks (Projects Pro)', undefined, {
      limit: 'Plan.LinkTasks',
    });
  if (other.id === taskId) throw fieldError('taskId', 'validation', 'A task cannot be linked to itself');
  const link: TaskLink =
    body.kind === 'blockedBy' ? { fromId: other.id, toId: taskId, kind: 'blocks' } : { fromId: taskId, toId: other.id, kind: body.kind };
  await repo.lockTaskLinks(ctx);
  if (await repo.linkBetween(ctx, taskId, other.id))
    throw fieldError('taskId', 'unique', `This task is already linked to ${other.number}`, 409);
  await refuseCycle(ctx, link);
  const id = await repo.insertLink(ctx, link.fromId, link.toId, link.kind);
  await recordLinkChange(ctx, kinds, link, 'linked');
  const [view] = (await repo.linksOfTask(ctx, taskId, undefined)).filter((r) => r.id === id);
  if (!view) throw new Error(`task link ${id} was not read back`);
  return {
    id,
    kind: link.kind,
    direction: body.kind,
    task: {
      id: view.task_id,
      number: view.number,
      title: view.name,
      projectId: view.project_id,
      startDate: view.start_date,
      dueDate: view.due_date,
    },
  };
}

// A blocks link closing a chain back to where it starts would make each task wait for itself.
async function refuseCycle(ctx: TenantContext, link: TaskLink): Promise<void> {
  if (link.kind !== 'blocks') return;
  const cycle = findBlockingCycle(await repo.blocksLinksFrom(ctx, link.toId), link);
  if (!cycle) return;
  const numbers = new Map((await repo.tasksByIds(ctx, cycle, undefined)).map((t) => [t.id, t.number]));
  const path = cycle.map((id) => numbers.get(id) ?? id).join(' → ');
  throw fieldError('taskId', 'dependencyCycle', `This link would make the tasks block one another in a cycle: ${path}`);
}

export async function unlinkTasks(ctx: TenantContext, kinds: TaskLinkKinds, taskId: string, linkId: string): Promise<void> {
  await requireRecord(ctx, kinds.task.registry, { kind: 'Task', id: taskId }, 'manage');
  await repo.lockTaskLinks(ctx);
  const link = await repo.deleteLink(ctx, taskId, linkId);
  if (!link) throw notFound('Task link');
  await recordLinkChange(ctx, kinds, link, 'unlinked');
}

// Both tasks' timelines say what the other task is to them; open pages of both refresh.
async function recordLinkChange(ctx: TenantContext, kinds: TaskLinkKinds, link: TaskLink, action: 'linked' | 'unlinked'): Promise<void> {
  const refs = new Map((await repo.tasksByIds(ctx, [link.fromId, link.toId], undefined)).map((t) => [t.id, t]));
  const entry = (self: string, other: string, outgoing: boolean): ActivityInsert => ({
    entityKind: 'Task',
    entityId: self,
    type: 'Change',
    action,
    after: { kind: 'Task', id: other, title: refs.get(other)?.name ?? '', link: directionOf(link.kind, outgoing) },
  });
  await recordActivities(ctx, [entry(link.fromId, link.toId, true), entry(link.toId, link.fromId, false)]);
  await publishRecordEvent(
    ctx,
    [link.fromId, link.toId].map((id) => ({ kind: kinds.task.definition.kind, id, version: null, action: 'updated' as const })),
  );
}

// Automatic scheduling (the project's schedulingMode): after a task's dates change, the tasks it
// blocks follow, keeping their finish-to-start gaps. The move passes into other projects only
// through tasks whose own project schedules automatically; a task of a manual project stays put
// and stops the move there. The moved tasks are written in one statement, each with its date
// changes on its timeline (the before/after an undo needs) and a live event.
export async function rescheduleAfterChange(ctx: TenantContext, projectId: string, changed: TaskDateChange): Promise<TaskDates[]> {
  if ((await repo.schedulingModeOfProject(ctx, projectId)) !== 'Automatic') return [];
  const graph = await repo.downstreamGraph(ctx, changed.id, 'Automatic');
  const moved = rescheduleOrRefuse(graph, changed);
  if (moved.length === 0) return [];
  const versions = await repo.moveTasks(ctx, moved);
  const before = new Map(graph.tasks.map((t) => [t.id, t]));
  await recordActivities(
    ctx,
    moved.flatMap((m) => dateChangeEntries(before.get(m.id), m)),
  );
  await publishRecordEvent(
    ctx,
    versions.map((v) => ({ kind: 'Task' as const, id: v.id, version: v.version, action: 'updated' as const })),
  );
  return moved;
}

// A chain pushed past the year 9999 cannot be stored: the change that pushes it is refused.
function rescheduleOrRefuse(graph: { tasks: TaskDates[]; links: TaskLink[] }, changed: TaskDateChange): TaskDates[] {
  try {
    return reschedule(graph.tasks, graph.links, changed);
  } catch (err) {
    if (err instanceof RangeError)
      throw fieldError('dueDate', 'dateOutOfRange', 'Moving the tasks this task blocks would take them past the year 9999');
    throw err;
  }
}

function dateChangeEntries(before: TaskDates | undefined, after: TaskDates): ActivityInsert[] {
  return (['startDate', 'dueDate'] as const)
    .filter((field) => before?.[field] !== after[field])
    .map((field) => ({
      entityKind: 'Task',
      entityId: after.id,
      type: 'Change',
      action: 'updated',
      field,
      before: before?.[field] ?? null,
      after: after[field],
    }));
}

export async function projectGantt(ctx: TenantContext, kinds: TaskLinkKinds, projectId: string): Promise<ProjectGantt> {
  await requireRecord(ctx, kinds.project.registry, { kind: 'Project', id: projectId }, 'view');
  const tasks = await repo.ganttTasksOfProject(ctx, projectId, visibilityRule(ctx, kinds.task), GANTT_TASK_LIMIT);
  return {
    tasks,
    links: await repo.linksAmong(
      ctx,
      tasks.map((t) => t.id),
    ),
  };
}

// Every project the caller sees with its tasks; one row over the limit tells that some were left out.
export async function portfolioGantt(ctx: TenantContext, kinds: TaskLinkKinds): Promise<PortfolioGantt> {
  const visible = { tasks: visibilityRule(ctx, kinds.task), projects: visibilityRule(ctx, kinds.project) };
  const projects = await repo.ganttProjects(ctx, visible.projects);
  const rows = await repo.ganttTasksOfProjects(ctx, visible, GANTT_TASK_LIMIT + 1);
  const tasks = rows.slice(0, GANTT_TASK_LIMIT);
  return {
    projects,
    tasks,
    links: await repo.linksAmong(
      ctx,
      tasks.map((t) => t.id),
    ),
    truncated: rows.length > GANTT_TASK_LIMIT,
  };
}
