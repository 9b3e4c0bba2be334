import type { EntityKind, StageType, Workflow, WorkflowStage } from '@atrium/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { TenantContext, TenantScope } from '../context';
import { inIdList } from '../sql.util';
import { cachedDefinition, definitionsChanged } from './definitions-cache';

type WorkflowRecord = {
  id: string;
  entity_kind: string;
  type_id: string | null;
  scope_id: string | null;
  name: string;
  is_default: boolean;
};
type StageRecord = {
  id: string;
  workflow_id: string;
  name: string;
  stage_type: StageType;
  color: string;
  sort_order: string;
  wip_limit: number | null;
};

const toStage = (s: StageRecord): WorkflowStage => ({
  id: s.id,
  workflowId: s.workflow_id,
  name: s.name,
  stageType: s.stage_type,
  color: s.color,
  sortOrder: s.sort_order,
  wipLimit: s.wip_limit,
});

// Fractional keys compare bytewise, whatever the database's collation.
const STAGE_ORDER = sql`sort_order collate "C"`;

async function withStages(ctx: TenantContext, rows: WorkflowRecord[]): Promise<Workflow[]> {
  if (rows.length === 0) return [];
  const stages = await ctx.db.execute<StageRecord>(sql`
    select id, workflow_id, name, stage_type, color, sort_order, wip_limit from workflow_stages
    where tenant_id = ${ctx.tenantId} and ${inIdList(
      sql`workflow_id`,
      rows.map((r) => r.id),
    )}
    order by ${STAGE_ORDER}`);
  return rows.map((w) => ({
    id: w.id,
    entity: w.entity_kind,
    typeId: w.type_id,
    scopeId: w.scope_id,
    name: w.name,
    isDefault: w.is_default,
    stages: stages.rows.filter((s) => s.workflow_id === w.id).map(toStage),
  }));
}

// `scopeId`: the owning record's workflows (a project's), null for the workspace's
export async function selectWorkflows(
  ctx: TenantContext,
  kind: EntityKind,
  typeId: string | null,
  scopeId: string | null = null,
): Promise<Workflow[]> {
  const res = await ctx.db.execute<WorkflowRecord>(sql`
    select id, entity_kind, type_id, scope_id, name, is_default from workflows
    where tenant_id = ${ctx.tenantId} and entity_kind = ${kind} and type_id is not distinct from ${typeId}::uuid
      and scope_id is not distinct from ${scopeId}::uuid
    order by is_default desc, name`);
  return withStages(ctx, res.rows);
}

export async function selectWorkflow(ctx: TenantContext, id: string, forUpdate = false): Promise<Workflow | undefined> {
  const res = await ctx.db.execute<WorkflowRecord>(sql`
    select id, entity_kind, type_id, scope_id, name, is_default from workflows where tenant_id = ${ctx.tenantId} and id = ${id}
    ${forUpdate ? sql`for update` : sql``}`);
  return (await withStages(ctx, res.rows))[0];
}

export async function insertWorkflow(
  ctx: TenantScope,
  w: { kind: EntityKind; typeId: string | null; scopeId?: string | null; name: string; isDefault: boolean },
): Promise<string> {
  definitionsChanged(ctx);
  const res = await ctx.db.execute<{ id: string }>(sql`
    insert into workflows (tenant_id, entity_kind, type_id, scope_id, name, is_default)
    values (${ctx.tenantId}, ${w.kind}, ${w.typeId}::uuid, ${w.scopeId ?? null}::uuid, ${w.name}, ${w.isDefault}) returning id`);
  const id = res.rows[0]?.id;
  if (!id) throw new Error('insert returned no row');
  return id;
}

export async function updateWorkflowRow(ctx: TenantContext, id: string, w: { name: string; isDefault: boolean }): Promise<void> {
  definitionsChanged(ctx);
  await ctx.db.execute(
    sql`update workflows set name = ${w.name}, is_default = ${w.isDefault}, version = version + 1, updated_at = now() where tenant_id = ${ctx.tenantId} and id = ${id}`,
  );
}

// Only one default workflow per kind, type and owning record.
export async function clearDefault(
  ctx: TenantContext,
  kind: string,
  typeId: string | null,
  except: string | null,
  scopeId: string | null = null,
): Promise<void> {
  definitionsChanged(ctx);
  await ctx.db.execute(sql`
    update workflows set is_default = false, updated_at = now()
    where tenant_id = ${ctx.tenantId} and entity_kind = ${kind} and type_id is not distinct from ${typeId}::uuid
      and scope_id is not distinct from ${scopeId}::uuid and is_default
      ${except ? sql`and id <> ${except}` : sql``}`);
}

export async function deleteWorkflowRow(ctx: TenantContext, id: string): Promise<void> {
  definitionsChanged(ctx);
  await ctx.db.execute(sql`delete from workflows where tenant_id = ${ctx.tenantId} and id = ${id}`);
}

export async function insertStages(
  ctx: TenantScope,
  workflowId: string,
  stages: readonly { name: string; stageType: StageType; color: string; sortOrder: string; wipLimit?: number | null | undefined }[],
): Promise<string[]> {
  definitionsChanged(ctx);
  if (stages.length === 0) return [];
  const values: SQL[] = stages.map(
    (s) => sql`(${ctx.tenantId}, ${workflowId}, ${s.name}, ${s.stageType}, ${s.color}, ${s.sortOrder}, ${s.wipLimit ?? null}::integer)`,
  );
  const res = await ctx.db.execute<{ id: string }>(sql`
    insert into workflow_stages (tenant_id, workflow_id, name, stage_type, color, sort_order, wip_limit)
    values ${sql.join(values, sql`, `)} returning id`);
  return res.rows.map((r) => r.id);
}

export async function selectStage(ctx: TenantContext, id: string): Promise<WorkflowStage | undefined> {
  const res = await ctx.db.execute<StageRecord>(sql`
    select id, workflow_id, name, stage_type, color, sort_order, wip_limit from workflow_stages where tenant_id = ${ctx.tenantId} and id = ${id}`);
  const row = res.rows[0];
  return row ? toStage(row) : undefined;
}

export async function updateStageRow(
  ctx: TenantContext,
  id: string,
  s: { name: string; stageType: StageType; color: string; wipLimit?: number | null | undefined },
): Promise<void> {
  definitionsChanged(ctx);
  await ctx.db.execute(
    sql`update workflow_stages set name = ${s.name}, stage_type = ${s.stageType}, color = ${s.color}, wip_limit = ${s.wipLimit ?? null}::integer,
      updated_at = now() where tenant_id = ${ctx.tenantId} and id = ${id}`,
  );
}

export async function moveStageRow(ctx: TenantContext, id: string, sortOrder: string): Promise<void> {
  definitionsChanged(ctx);
  await ctx.db.execute(
    sql`update workflow_stages set sort_order = ${sortOrder}, updated_at = now() where tenant_id = ${ctx.tenantId} and id = ${id}`,
  );
}

// The records of a kind's table in a stage (the recycle bin's too: they keep their stage).
export async function recordsInStage(ctx: TenantContext, table: string, stageId: string): Promise<string[]> {
  const res = await ctx.db.execute<{ id: string }>(
    sql`select id from ${sql.identifier(table)} where tenant_id = ${ctx.tenantId} and workflow_stage_id = ${stageId} for update`,
  );
  return res.rows.map((r) => r.id);
}

// Moves every record of a stage to another one (a stage deleted with moveTo); their versions step.
export async function moveRecordsToStage(
  ctx: TenantContext,
  table: string,
  from: string,
  to: string,
): Promise<{ id: string; version: number }[]> {
  const res = await ctx.db.execute<{ id: string; version: number }>(sql`
    update ${sql.identifier(table)} set workflow_stage_id = ${to}, version = version + 1, updated_at = now()
    where tenant_id = ${ctx.tenantId} and workflow_stage_id = ${from} returning id, version`);
  return res.rows;
}

export async function deleteStageRow(ctx: TenantContext, id: string): Promise<void> {
  definitionsChanged(ctx);
  await ctx.db.execute(sql`delete from workflow_stages where tenant_id = ${ctx.tenantId} and id = ${id}`);
}

// What a write needs to know of a stage — its name (activity), its type (rules such as a
// request following its task) and the kind and owner of its workflow (a stage set on a record
// must be one of its kind's) — kept per workspace and definitions version (decision 050), so a
// board move or a stage change asks the database once per stage and version, not once per rule
// (a task's board move asked for its stage six times in three statements).
export type StageFacts = { name: string; stageType: StageType; kind: EntityKind; scopeId: string | null };

export function stageFacts(ctx: TenantContext, stageId: string): Promise<StageFacts | null> {
  return cachedDefinition(
    ctx,
    `stage:${stageId.toLowerCase()}`,
    async () => {
      const res = await ctx.db.execute<StageFacts>(sql`
        select s.name, s.stage_type as "stageType", w.entity_kind as kind, w.scope_id as "scopeId"
        from workflow_stages s join workflows w on w.tenant_id = s.tenant_id and w.id = s.workflow_id
        where s.tenant_id = ${ctx.tenantId} and s.id = ${stageId}`);
      return res.rows[0] ?? null;
    },
    (facts) => facts !== null,
  );
}

// The stage's workflow must belong to the entity kind (and type) it is set on, and to the
// record that owns the kind's workflows when the kind has a workflow scope (`scopeId`).
export async function stageBelongsTo(
  ctx: TenantContext,
  stageId: string,
  kind: EntityKind,
  scopeId: string | null = null,
): Promise<boolean> {
  const facts = await stageFacts(ctx, stageId);
  return facts !== null && facts.kind === kind && facts.scopeId === (scopeId?.toLowerCase() ?? null);
}

export async function firstStageOfDefault(
  ctx: TenantContext,
  kind: EntityKind,
  scopeId: string | null = null,
): Promise<string | undefined> {
  // cached per workspace and definitions version (null: the kind has no default workflow)
  const id = await cachedDefinition(ctx, `firstStage:${kind}:${scopeId ?? ''}`, async () => {
    const res = await ctx.db.execute<{ id: string }>(sql`
      select s.id from workflows w join workflow_stages s on s.tenant_id = w.tenant_id and s.workflow_id = w.id
      where w.tenant_id = ${ctx.tenantId} and w.entity_kind = ${kind} and w.type_id is null and w.is_default
        and w.scope_id is not distinct from ${scopeId}::uuid
      order by s.sort_order collate "C" limit 1`);
    return res.rows[0]?.id ?? null;
  });
  return id ?? undefined;
}

// Names of stages by id (activity entries show "Lead → Qualified", not ids).
export async function stageNames(ctx: TenantContext, ids: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const id of new Set(ids)) {
    const facts = await stageFacts(ctx, id);
    if (facts) names.set(id, facts.name);
  }
  return names;
}

// Copies every workflow of `kind` owned by `fromScope` (null: the workspace's) with its stages
// to the record `toScope` (a new project gets its template's task stages, or the workspace's).
// Returns the new stage ids by the copied ones'.
export async function copyWorkflows(
  ctx: TenantScope,
  kind: EntityKind,
  fromScope: string | null,
  toScope: string,
): Promise<Map<string, string>> {
  definitionsChanged(ctx);
  const res = await ctx.db.execute<{ old_id: string; new_id: string }>(sql`
    with source as (
      select id, type_id, name, is_default, gen_random_uuid() as new_id from workflows
      where tenant_id = ${ctx.tenantId} and entity_kind = ${kind} and scope_id is not distinct from ${fromScope}::uuid
    ), copied as (
      insert into workflows (tenant_id, id, entity_kind, type_id, scope_id, name, is_default)
      select ${ctx.tenantId}, new_id, ${kind}, type_id, ${toScope}::uuid, name, is_default from source
    ), stages as (
      select s.id as old_id, gen_random_uuid() as new_id, src.new_id as workflow_id, s.name, s.stage_type, s.color, s.sort_order,
        s.wip_limit
      from workflow_stages s join source src on s.workflow_id = src.id where s.tenant_id = ${ctx.tenantId}
    ), inserted as (
      insert into workflow_stages (tenant_id, id, workflow_id, name, stage_type, color, sort_order, wip_limit)
      select ${ctx.tenantId}, new_id, workflow_id, name, stage_type, color, sort_order, wip_limit from stages
    )
    select old_id, new_id from stages`);
  return new Map(res.rows.map((r) => [r.old_id, r.new_id]));
}

// Removes the workflows a deleted record owned (its records are gone with it).
export async function deleteScopedWorkflows(ctx: TenantScope, scopeId: string): Promise<void> {
  definitionsChanged(ctx);
  await ctx.db.execute(sql`delete from workflows where tenant_id = ${ctx.tenantId} and scope_id = ${scopeId}`);
}
