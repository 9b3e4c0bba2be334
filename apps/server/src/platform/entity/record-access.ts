import type { EntityCapability, EntityFeature, EntityKind } from '@atrium/domain';
import type { TenantContext } from '../context';
import { accessDenied, AppError, notFound } from '../errors';
import type { RegisteredEntity } from './entity-registry';
import { existingIds, usableIds } from './entity.repository';
import { mayView, roleGrant } from './role-scope';

// The checks every call about one record makes, in one place (ARCHITECTURE §3, shared record
// features): the kind is registered and has the capability (400), the caller holds the kind's
// view permission and the feature's permission from its definition (403), and the record
// exists in this workspace and is visible to the caller (404, like another tenant's record).
// A permission the caller holds only through a role in the record's owner (role-scope.ts) is
// checked on the record, after it is found: 403 when their role there does not grant it.
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
  const byRole = roleGrant(ctx, ent, feature);
  if (!byRole) requireFeature(ctx, ent, feature);
  if (!(await existingIds(ctx, ent, [ref.id])).has(ref.id)) throw notFound(ent.definition.kind);
  if (byRole && feature !== 'view' && !(await usableIds(ctx, ent, [ref.id], feature)).has(ref.id))
    throw accessDenied(`Requires permission ${byRole.permission}`);
  return ent;
}

// The view permission of the kind (in the workspace or, for some of its records, by a role)
// and, when the feature has one, the feature's permission in the workspace.
export function requireFeature(ctx: TenantContext, ent: RegisteredEntity, feature: EntityFeature): void {
  const p = ent.definition.permissions;
  if (!mayView(ctx, ent)) throw accessDenied(`Requires permission ${p.view}`);
  const needed = p[feature];
  if (feature !== 'view' && needed && !ctx.permissions.has(needed)) throw accessDenied(`Requires permission ${needed}`);
}

// Kind-wide: 'view' when the caller sees any records of the kind (the reads narrow them), any
// other feature by the workspace's permission.
export const mayUse = (ctx: TenantContext, ent: RegisteredEntity, feature: EntityFeature): boolean => {
  const needed = ent.definition.permissions[feature];
  return mayView(ctx, ent) && (feature === 'view' || !needed || ctx.permissions.has(needed));
};
