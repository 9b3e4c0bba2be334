import type { TenantContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import type { EntityHooks, EntityRow } from '../../platform/entity';
import { copyWorkflows, createEntity, deleteScopedWorkflows, getEntity, requireRecord, type RegisteredEntity } from '../../platform/entity';
import { copyRoles } from './project-roles.service';
import * as repo from './projects.repository';
import { rescheduleAfterChange } from './task-links.service';
import { copyProjectSchedules, copyTemplateSchedules } from './task-schedules.service';

// What is a project's own around the engine's writes: its task stages, copied when it is created
// (from its template's, else from the workspace's task workflows) and kept while it is in the
// recycle bin (they go when it is purged: projectPurged), its template's task schedules, and its
// tasks' keys following its code.
export const projectHooks: EntityHooks = {
  async afterCreate(ctx, row) {
    const template = typeof row.projectTemplateId === 'string' ? row.projectTemplateId : null;
    const copied = template ? await copyWorkflows(ctx, 'Task', template, String(row.id)) : new Map();
    if (copied.size === 0) await copyWorkflows(ctx, 'Task', null, String(row.id));
    if (template) await copyTemplateSchedules(ctx, template, String(row.id));
    if (template) await copyRoles(ctx, template, String(row.id));
  },
  async afterUpdate(ctx, row, before) {
    if (row.code !== before.code) await repo.rekeyTasks(ctx, String(row.id), String(before.code), String(row.code));
  },
};

// A template starts with the workspace's task stages, which it can then change (kept in the bin as a project's).
export const projectTemplateHooks: EntityHooks = {
  async afterCreate(ctx, row) {
    await copyWorkflows(ctx, 'Task', null, String(row.id));
  },
};

// What a purged project or template owned beside its row: its task stages (a restore from the
// recycle bin finds them; its tasks, which refer to them, are purged before it can be).
export async function projectPurged(ctx: TenantContext, ids: readonly string[]): Promise<void> {
  for (const id of ids) await deleteScopedWorkflows(ctx, id);
}

// A task's dates and parent: due on or after its start (spec §5: invalid due date), a parent
// of the same project.
async function checkTask(ctx: TenantContext, values: EntityRow): Promise<void> {
  const { startDate, dueDate, parentTaskId, projectId } = values;
  if (typeof startDate === 'string' && typeof dueDate === 'string' && dueDate < startDate)
    throw fieldError('dueDate', 'invalidDueDate', `dueDate ${dueDate} is before startDate ${startDate}`);
  if (typeof parentTaskId === 'string' && (await repo.projectOfTask(ctx, parentTaskId)) !== projectId)
    throw fieldError('parentTaskId', 'referenceNotFound', 'parentTaskId names no task of the same project');
}

// Spec §6 Project.CreateTasksAcrossProjects: a task goes into a project its writer leads, owns
// or is a member of; into any other project only with that permission (the job that makes
// scheduled tasks writes as the system).
const ACROSS = 'Project.CreateTasksAcrossProjects';
async function checkAcrossProjects(ctx: TenantContext, projectId: unknown): Promise<void> {
  if (ctx.role === 'system' || ctx.permissions.has(ACROSS) || typeof projectId !== 'string') return;
  if (await repo.isPartOfProject(ctx, projectId)) return;
  const message = `Adding a task to a project you are not part of needs ${ACROSS}`;
  throw new AppError(403, 'accessDenied', message, [{ field: 'projectId', code: 'accessDenied', message }], { limit: ACROSS });
}

export const taskHooks: EntityHooks = {
  async beforeCreate(ctx, values) {
    await checkTask(ctx, values);
    await checkAcrossProjects(ctx, values.projectId);
  },
  async beforeUpdate(ctx, values, before) {
    if (values.projectId !== before.projectId && values.parentTaskId === before.parentTaskId && before.parentTaskId)
      values.parentTaskId = null;
    await checkTask(ctx, values);
    if (values.projectId !== before.projectId) await checkAcrossProjects(ctx, values.projectId);
    return values;
  },
  // automatic scheduling: the tasks this one blocks follow its new dates
  async afterUpdate(ctx, row, before) {
    if (row.startDate === before.startDate && row.dueDate === before.dueDate) return;
    await rescheduleAfterChange(ctx, String(row.projectId), { id: String(row.id), before: datesOf(before), after: datesOf(row) });
  },
};

const day = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const datesOf = (row: EntityRow) => ({ startDate: day(row.startDate), dueDate: day(row.dueDate) });

// A template made from a project (spec: project templates, clone): the project's task stages,
// scheduled tasks and roles, under the name given; the project is left as it is.
export async function templateFromProject(
  ctx: TenantContext,
  kinds: { project: RegisteredEntity; projectTemplate: RegisteredEntity },
  projectId: string,
  body: { name: string; description?: string | null | undefined },
): Promise<EntityRow> {
  await requireRecord(ctx, kinds.project.registry, { kind: kinds.project.definition.kind, id: projectId }, 'view');
  const template = await createEntity(ctx, kinds.projectTemplate, { name: body.name, description: body.description ?? null });
  const id = String(template.id);
  // the template's hook gave it the workspace's stages: the project's replace them
  await deleteScopedWorkflows(ctx, id);
  await copyWorkflows(ctx, 'Task', projectId, id);
  await copyProjectSchedules(ctx, projectId, id);
  await copyRoles(ctx, projectId, id);
  return getEntity(ctx, kinds.projectTemplate, id);
}
