import type { EntityFeature, EntityKind, Permission } from '@atrium/domain';
import type { TenantContext } from '../context';
import { accessDenied } from '../errors';
import type { Router } from '../router';
import { entityRegistry, type EntityRow, type RegisteredEntity } from './entity-registry';

// Roles per record (spec §6: project roles, merged with the workspace's permissions). A kind
// declares `roleScope`: the record whose roles count for it (a task's project, a project
// itself); the owner kind's module provides what the caller's role in one such record grants.
// A caller lacking a permission in the workspace holds it for a record when their role in the
// record's owner grants it — only on a plan with Plan.Roles.
type RolePermissions = (ctx: TenantContext, ownerId: string) => Promise<readonly string[]>;
type Registry = RegisteredEntity['registry'];
const providers = new WeakMap<Registry, Map<EntityKind, RolePermissions>>();

export function provideRolePermissions(router: Router, ownerKind: EntityKind, grants: RolePermissions): void {
  const registry = entityRegistry(router);
  const map = providers.get(registry) ?? new Map<EntityKind, RolePermissions>();
  map.set(ownerKind, grants);
  providers.set(registry, map);
}

// The kind whose records own the roles that count for `ent` (undefined: none).
export function roleOwnerKind(ent: RegisteredEntity): EntityKind | undefined {
  const field = ent.definition.roleScope?.field;
  if (!field) return undefined;
  if (field === 'id') return ent.definition.kind;
  return ent.definition.fields[field]?.target as EntityKind | undefined;
}

// What the caller's role in an owner record grants (nothing without Plan.Roles or a role).
export async function rolePermissions(ctx: TenantContext, ent: RegisteredEntity, ownerId: string): Promise<ReadonlySet<string>> {
  const kind = roleOwnerKind(ent);
  const grants = kind ? providers.get(ent.registry)?.get(kind) : undefined;
  if (!grants || !ctx.permissions.has('Plan.Roles')) return new Set();
  return new Set(await grants(ctx, ownerId));
}

// The caller may use `feature` on the record `values` describes: by the workspace's permission,
// or by their role in the record's owner (its roleScope field names it).
export async function mayInScope(ctx: TenantContext, ent: RegisteredEntity, feature: EntityFeature, values: EntityRow): Promise<boolean> {
  const needed: Permission | null = ent.definition.permissions[feature];
  if (!needed || ctx.permissions.has(needed)) return true;
  const field = ent.definition.roleScope?.field;
  const owner = field ? values[field] : undefined;
  if (typeof owner !== 'string') return false;
  return (await rolePermissions(ctx, ent, owner)).has(needed);
}

export async function requireInScope(ctx: TenantContext, ent: RegisteredEntity, feature: EntityFeature, values: EntityRow): Promise<void> {
  if (!(await mayInScope(ctx, ent, feature, values))) throw accessDenied(`Requires permission ${ent.definition.permissions[feature]}`);
}

// The permission a route asks for when the kind's roles may grant it: the workspace's, or a plan
// with roles (the service then checks the record's owner, requireInScope).
// A record that is its own owner (roleScope `id`) has no role before it exists: creating one
// takes the workspace's permission.
export function scopedPermission(ent: RegisteredEntity, feature: EntityFeature): Permission | readonly Permission[] {
  const needed = ent.definition.permissions[feature];
  if (!needed) throw new Error(`${ent.definition.kind} has no ${feature} permission`);
  const field = ent.definition.roleScope?.field;
  return field && !(field === 'id' && feature === 'create') ? [needed, 'Plan.Roles'] : needed;
}
