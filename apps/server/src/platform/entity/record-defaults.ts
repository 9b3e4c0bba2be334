import type { TenantContext } from '../context';
import { fieldError } from '../errors';
import type { EntityRow, RegisteredEntity } from './entity-registry';
import * as repo from './entity.repository';
import { firstStageOfDefault } from './workflows.repository';

// What the engine fills in on a new record that the caller does not choose: its number and, for
// a kind with stages, the first stage of the default workflow — the workspace's, or the owning
// record's when the kind's workflows belong to records (a task starts in its project's first
// stage). Shared by the create call and the import.

// The record that owns the workflows of this record (its project), or null for the workspace's.
export const workflowScopeOf = (ent: RegisteredEntity, values: EntityRow): string | null => {
  const field = ent.definition.workflowScope?.field;
  const value = field ? values[field] : null;
  return typeof value === 'string' ? value : null;
};

export async function defaultStage(ctx: TenantContext, ent: RegisteredEntity, values: EntityRow): Promise<string | null> {
  return (await firstStageOfDefault(ctx, ent.definition.kind, workflowScopeOf(ent, values))) ?? null;
}

// Numbers for new records, gap-free per workspace (ORG-42) or, with a numbering scope, per
// owning record and prefixed by its field (the project coded ATR numbers its tasks ATR-1, ATR-2…).
export async function assignNumbers(ctx: TenantContext, ent: RegisteredEntity, rows: readonly EntityRow[]): Promise<void> {
  const numbering = ent.definition.numbering;
  if (!numbering || rows.length === 0) return;
  const { kind } = ent.definition;
  const scope = numbering.scope;
  if (!scope) {
    const last = await repo.nextNumbers(ctx, kind, rows.length);
    rows.forEach((row, i) => (row.number = `${numbering.prefix}-${last - rows.length + 1 + i}`));
    return;
  }
  const target = ent.definition.fields[scope.field]?.target;
  const owner = target && target !== 'User' ? ent.registry.get(target) : undefined;
  if (!owner) throw new Error(`${kind}: the numbering scope's kind is not registered`);
  const groups = new Map<string, EntityRow[]>();
  for (const row of rows) {
    const id = row[scope.field];
    if (typeof id !== 'string') throw fieldError(scope.field, 'required', `${scope.field} is required`);
    groups.set(id, [...(groups.get(id) ?? []), row]);
  }
  const prefixes = await repo.fieldValues(ctx, owner, scope.prefixField, [...groups.keys()]);
  for (const [id, group] of groups) {
    const prefix = prefixes.get(id);
    if (!prefix) throw fieldError(scope.field, 'referenceNotFound', `${scope.field} names no record of this workspace`);
    const last = await repo.nextNumbers(ctx, `${kind}:${id}`, group.length);
    group.forEach((row, i) => (row.number = `${prefix}-${last - group.length + 1 + i}`));
  }
}
