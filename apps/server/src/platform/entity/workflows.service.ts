import {
  MIN_WORKFLOW_STAGES,
  type EntityKind,
  type Workflow,
  type WorkflowStage,
  type WorkflowStageMove,
  type workflowCreateSchema,
  type workflowStageCreateSchema,
  type workflowStageInputSchema,
  type WorkflowStageDeleteQuery,
  type WorkflowUpdate,
} from '@atrium/domain';
import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';
import type { z } from 'zod';
import { mergedCaptions } from '../captions';
import type { TenantContext, TenantScope } from '../context';
import { AppError, accessDenied, fieldError, notFound } from '../errors';
import type { RegisteredEntity } from './entity-registry';
import { pgErrorCode } from '../db-errors';
import { existingIds } from './entity.repository';
import * as repo from './workflows.repository';
import { mayView, rolePermissions } from './role-scope';
import { recordActivities } from './activity.service';
import { publishRecordEvent } from '../events/live-events.service';

type Registry = ReadonlyMap<string, RegisteredEntity>;

// `scopeId`: the record owning the workflow a write concerns — the caller's role there may grant
// the settings permission (a helpdesk's Supervisor changes its request stages)
export async function workflowEntity(
  registry: Registry,
  kind: string,
  write: boolean,
  ctx: TenantContext,
  scopeId: string | null = null,
): Promise<RegisteredEntity> {
  const ent = registry.get(kind);
  if (!ent || !ent.definition.capabilities.workflowStage) throw fieldError('entity', 'unknownField', `${kind} has no workflows`);
  const permission = write ? ent.definition.permissions.settings : ent.definition.permissions.view;
  // reading: a member whose view comes from a role in some owners (the stages of their projects)
  if (write ? ctx.permissions.has(permission) : mayView(ctx, ent)) return ent;
  if (write && scopeId && ent.definition.roleScope && (await rolePermissions(ctx, ent, scopeId)).has(permission)) return ent;
  throw accessDenied(`Requires permission ${permission}`);
}

// A kind whose workflows belong to records (a project's task stages): the owner must be a record
// of one of the owner kinds that the caller can see; a kind without a scope takes none.
async function checkScope(ctx: TenantContext, registry: Registry, ent: RegisteredEntity, scopeId: string | null): Promise<void> {
  const scope = ent.definition.workflowScope;
  if (!scope) {
    if (scopeId) throw fieldError('scopeId', 'validation', `${ent.definition.kind} workflows belong to the workspace, not to a record`);
    return;
  }
  if (!scopeId) return;
  for (const kind of scope.owners) {
    const owner = registry.get(kind);
    if (owner && (await existingIds(ctx, owner, [scopeId])).has(scopeId)) return;
  }
  throw fieldError('scopeId', 'notFound', `scopeId names no ${scope.owners.join(' or ')} of this workspace`, 404);
}

function duplicateName(e: unknown, field: string): never {
  if (pgErrorCode(e) === '23505') throw fieldError(field, 'duplicateTitle', `${field} already exists`, 409);
  throw e;
}

export async function listWorkflows(
  ctx: TenantContext,
  registry: Registry,
  query: { entity: string; typeId?: string | undefined; scopeId?: string | undefined },
): Promise<Workflow[]> {
  const ent = await workflowEntity(registry, query.entity, false, ctx);
  await checkScope(ctx, registry, ent, query.scopeId ?? null);
  return repo.selectWorkflows(ctx, ent.definition.kind, query.typeId ?? null, query.scopeId ?? null);
}

export async function getWorkflow(ctx: TenantContext, registry: Registry, id: string, write = false): Promise<Workflow> {
  const wf = await repo.selectWorkflow(ctx, id, write);
  if (!wf) throw notFound('Workflow');
  const ent = await workflowEntity(registry, wf.entity, write, ctx, wf.scopeId);
  // a record's workflow is as visible as the record
  if (wf.scopeId) await checkScope(ctx, registry, ent, wf.scopeId).catch(() => Promise.reject(notFound('Workflow')));
  return wf;
}

export async function createWorkflow(
  ctx: TenantContext,
  registry: Registry,
  body: z.output<typeof workflowCreateSchema>,
): Promise<Workflow> {
  const ent = await workflowEntity(registry, body.entity, true, ctx, body.scopeId ?? null);
  const kind: EntityKind = ent.definition.kind;
  const typeId = body.typeId ?? null;
  const scopeId = body.scopeId ?? null;
  await checkScope(ctx, registry, ent, scopeId);
  const stages = body.stages ?? ent.definition.defaultStages;
  if (body.isDefault) await repo.clearDefault(ctx, kind, typeId, null, scopeId);
  const id = await repo
    .insertWorkflow(ctx, { kind, typeId, scopeId, name: body.name, isDefault: body.isDefault })
    .catch((e) => duplicateName(e, 'name'));
  const keys = generateNKeysBetween(null, null, stages.length);
  await repo.insertStages(
    ctx,
    id,
    stages.map((s, i) => ({ name: s.name, stageType: s.stageType, color: s.color, sortOrder: keys[i] ?? String(i) })),
  );
  return getWorkflow(ctx, registry, id);
}

// A new workspace starts with a default workflow for every kind that has stages, of its
// definition's stages and named in the creator's language (issue 26: a board from the first
// minute, a stage on every record). A kind's captions may name them: <kind>.defaultWorkflow and
// <kind>.defaultStage.<English name>; otherwise the kind's plural and the English names.
export async function createDefaultWorkflows(scope: TenantScope, registry: Registry, culture: string | undefined): Promise<void> {
  const captions = mergedCaptions(culture);
  for (const { definition: d } of registry.values()) {
    if (!d.capabilities.workflowStage) continue;
    const name = captions[`${d.captionKey}.defaultWorkflow`] ?? captions[`${d.captionKey}.plural`] ?? d.kind;
    const id = await repo.insertWorkflow(scope, { kind: d.kind, typeId: null, name, isDefault: true });
    const keys = generateNKeysBetween(null, null, d.defaultStages.length);
    await repo.insertStages(
      scope,
      id,
      d.defaultStages.map((s, i) => ({
        name: captions[`${d.captionKey}.defaultStage.${s.name}`] ?? s.name,
        stageType: s.stageType,
        color: s.color,
        sortOrder: keys[i] ?? String(i),
      })),
    );
  }
}

// A new owner of a kind's workflows (a helpdesk of its request stages) starts with the
// workspace's workflows of the kind, copied; a workspace that has none (made before the kind
// existed) gives it the definition's default stages, in English. Returns how many were made.
export async function startScopedWorkflows(ctx: TenantScope, ent: RegisteredEntity, scopeId: string): Promise<number> {
  const d = ent.definition;
  if (!d.workflowScope) throw new Error(`${d.kind} has no workflow scope`);
  const copied = await repo.copyWorkflows(ctx, d.kind, null, scopeId);
  if (copied.size > 0) return copied.size;
  const captions = mergedCaptions(undefined);
  const name = captions[`${d.captionKey}.defaultWorkflow`] ?? captions[`${d.captionKey}.plural`] ?? d.kind;
  const id = await repo.insertWorkflow(ctx, { kind: d.kind, typeId: null, scopeId, name, isDefault: true });
  const keys = generateNKeysBetween(null, null, d.defaultStages.length);
  await repo.insertStages(
    ctx,
    id,
    d.defaultStages.map((s, i) => ({ name: s.name, stageType: s.stageType, color: s.color, sortOrder: keys[i] ?? String(i) })),
  );
  return 1;
}

export async function updateWorkflow(ctx: TenantContext, registry: Registry, id: string, body: WorkflowUpdate): Promise<Workflow> {
  const wf = await getWorkflow(ctx, registry, id, true);
  if (body.isDefault) await repo.clearDefault(ctx, wf.entity, wf.typeId, id, wf.scopeId);
  await repo.updateWorkflowRow(ctx, id, body).catch((e) => duplicateName(e, 'name'));
  return getWorkflow(ctx, registry, id);
}

// Spec §8: a default pipeline, or one whose stages records still use, cannot be deleted.
// The second rule is the database's: the records' foreign keys refuse the cascade (23503).
export async function deleteWorkflow(ctx: TenantContext, registry: Registry, id: string): Promise<void> {
  const wf = await getWorkflow(ctx, registry, id, true);
  if (wf.isDefault) throw new AppError(409, 'defaultPipelineCannotBeDeleted', 'The default pipeline cannot be deleted');
  try {
    await repo.deleteWorkflowRow(ctx, id);
  } catch (e) {
    if (pgErrorCode(e) === '23503')
      throw new AppError(409, 'linkedPipelineCannotBeDeleted', 'Records are in stages of this pipeline; move them first');
    throw e;
  }
}

async function stageOf(ctx: TenantContext, registry: Registry, stageId: string): Promise<{ stage: WorkflowStage; workflow: Workflow }> {
  const stage = await repo.selectStage(ctx, stageId);
  if (!stage) throw notFound('Stage');
  const workflow = await getWorkflow(ctx, registry, stage.workflowId, true);
  const fresh = workflow.stages.find((s) => s.id === stageId);
  if (!fresh) throw notFound('Stage');
  return { stage: fresh, workflow };
}

// The key between the neighbours the client named, ignoring the moved stage itself.
function keyBetween(stages: readonly WorkflowStage[], movingId: string | null, move: WorkflowStageMove): string {
  const others = stages.filter((s) => s.id !== movingId);
  if (move.afterId !== undefined) {
    if (move.afterId === null) return generateKeyBetween(null, others[0]?.sortOrder ?? null);
    const i = others.findIndex((s) => s.id === move.afterId);
    if (i < 0) throw fieldError('afterId', 'notFound', 'afterId is not a stage of this workflow');
    return generateKeyBetween(others[i]?.sortOrder ?? null, others[i + 1]?.sortOrder ?? null);
  }
  if (move.beforeId === null || move.beforeId === undefined) return generateKeyBetween(others.at(-1)?.sortOrder ?? null, null);
  const i = others.findIndex((s) => s.id === move.beforeId);
  if (i < 0) throw fieldError('beforeId', 'notFound', 'beforeId is not a stage of this workflow');
  return generateKeyBetween(others[i - 1]?.sortOrder ?? null, others[i]?.sortOrder ?? null);
}

export async function createStage(
  ctx: TenantContext,
  registry: Registry,
  body: z.output<typeof workflowStageCreateSchema>,
): Promise<WorkflowStage> {
  const workflow = await getWorkflow(ctx, registry, body.workflowId, true);
  const sortOrder = keyBetween(workflow.stages, null, body.afterId === undefined ? { beforeId: null } : { afterId: body.afterId });
  const [id] = await repo
    .insertStages(ctx, workflow.id, [{ name: body.name, stageType: body.stageType, color: body.color, sortOrder, wipLimit: body.wipLimit }])
    .catch((e) => duplicateName(e, 'name'));
  const stage = id ? await repo.selectStage(ctx, id) : undefined;
  if (!stage) throw new Error('stage insert failed');
  return stage;
}

export async function updateStage(
  ctx: TenantContext,
  registry: Registry,
  stageId: string,
  body: z.output<typeof workflowStageInputSchema>,
): Promise<WorkflowStage> {
  await stageOf(ctx, registry, stageId);
  await repo.updateStageRow(ctx, stageId, body).catch((e) => duplicateName(e, 'name'));
  const stage = await repo.selectStage(ctx, stageId);
  if (!stage) throw notFound('Stage');
  return stage;
}

// One row written: the moved stage gets a key between its new neighbours.
export async function moveStage(ctx: TenantContext, registry: Registry, stageId: string, move: WorkflowStageMove): Promise<WorkflowStage> {
  const { workflow } = await stageOf(ctx, registry, stageId);
  const sortOrder = keyBetween(workflow.stages, stageId, move);
  await repo.moveStageRow(ctx, stageId, sortOrder);
  const stage = await repo.selectStage(ctx, stageId);
  if (!stage) throw notFound('Stage');
  return stage;
}

// A stage that records are in is deleted only with `moveTo`, another stage of its workflow, which
// takes them (each with an activity and a live event); without it the answer is 409 stageInUse
// saying how many, and nothing changes.
export async function deleteStage(
  ctx: TenantContext,
  registry: Registry,
  stageId: string,
  query: WorkflowStageDeleteQuery = {},
): Promise<void> {
  const { stage, workflow } = await stageOf(ctx, registry, stageId);
  if (workflow.stages.length <= MIN_WORKFLOW_STAGES) {
    throw fieldError('stages', 'minimumStages', `A pipeline needs at least ${MIN_WORKFLOW_STAGES} stages`);
  }
  const target = query.moveTo;
  if (target !== undefined && (target === stageId || !workflow.stages.some((s) => s.id === target)))
    throw fieldError('moveTo', 'invalidStage', 'moveTo must be another stage of the same workflow');
  const ent = registry.get(workflow.entity);
  if (ent) {
    const inStage = await repo.recordsInStage(ctx, ent.tableName, stageId);
    if (inStage.length > 0 && target === undefined) {
      const message = `${inStage.length} record(s) are in the stage ${stage.name}; choose a stage to move them to (moveTo)`;
      throw new AppError(409, 'stageInUse', message, [{ field: 'moveTo', code: 'stageInUse', message }]);
    }
    if (inStage.length > 0 && target !== undefined) {
      const moved = await repo.moveRecordsToStage(ctx, ent.tableName, stageId, target);
      const kind = ent.definition.kind;
      const names = new Map(workflow.stages.map((s) => [s.id, s.name]));
      await recordActivities(
        ctx,
        moved.map((r) => ({
          entityKind: kind,
          entityId: r.id,
          type: 'Change' as const,
          action: 'updated' as const,
          field: 'workflowStage',
          before: { id: stageId, title: stage.name },
          after: { id: target, title: names.get(target) ?? '' },
        })),
      );
      for (const r of moved) await publishRecordEvent(ctx, { kind, id: r.id, version: Number(r.version), action: 'updated' });
    }
  }
  try {
    await repo.deleteStageRow(ctx, stageId);
  } catch (e) {
    if (pgErrorCode(e) === '23503') throw new AppError(409, 'conflict', 'Records are in this stage; move them first');
    throw e;
  }
}
