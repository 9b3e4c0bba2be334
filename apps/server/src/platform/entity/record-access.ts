import type { EntityCapability, EntityFeature, EntityKind } from '@atrium/domain';
import type { TenantContext } from '../context';
import { accessDenied, AppError, notFound } from '../errors';
import type { RegisteredEntity } from './entity-registry';
import { existingIds } from './entity.repository';

// The checks every call about one record makes, in one place (ARCHITECTURE §3, shared record
// features): the kind is registered and has the capability (400), the caller holds the kind's
// view permission and the feature's permission from its definition (403), and the record
// exists in this workspace and is visible to the caller (404, like another tenant's record).
export async function requireRecord(
  ctx: TenantContext,
  registry: ReadonlyMap<EntityKind, RegisteredEntity>,
  ref: { kind: string; id: string },
  feature: EntityFeature,
  capability?: EntityCapability,
): Promise<RegisteredEntity> {
  const ent = registry.get(ref.kind as EntityKind);
  if (!ent) {
    throw new AppError(400, 'unknownKind', `${ref.kind} is not an entity kind of this workspace`, [
      { field: 'entityKind', code: 'unknownKind', message: `${ref.kind} is not a registered entity kind` },
    ]);
  }
  if (capability && !ent.definition.capabilities[capability]) {
    throw new AppError(400, 'unknownKind', `${ref.kind} records have no ${capability}`, [
      { field: 'entityKind', code: 'unknownKind', message: `${ref.kind} has no ${capability}` },
    ]);
  }
  requireFeature(ctx, ent, feature);
  if (!(await existingIds(ctx, ent, [ref.id])).has(ref.id)) throw notFound(ent.definition.kind);
  return ent;
}

// The view permission of the kind and, when the feature has one, the feature's permission.
export function requireFeature(ctx: TenantContext, ent: RegisteredEntity, feature: EntityFeature): void {
  const p = ent.definition.permissions;
  if (!ctx.permissions.has(p.view)) throw accessDenied(`Requires permission ${p.view}`);
  const needed = p[feature];
  if (needed && !ctx.permissions.has(needed)) throw accessDenied(`Requires permission ${needed}`);
}

export const mayUse = (ctx: TenantContext, ent: RegisteredEntity, feature: EntityFeature): boolean => {
  const p = ent.definition.permissions;
  const needed = p[feature];
  return ctx.permissions.has(p.view) && (!needed || ctx.permissions.has(needed));
};
