import type { EntityDefinition, EntityFeature, EntityKind, Permission } from '@atrium/domain';
import type { TenantContext } from '../context';
import { accessDenied } from '../errors';
import { entityRegistry, type EntityRow, type RegisteredEntity, type RoleGrantSql } from './entity-registry';

// Roles per record (spec §6: project roles, merged with the workspace's permissions). A kind
// declares `roleScope`: the record whose roles count for it (a task's project, a project
// itself); the owner kind's module provides what the caller's role in one such record grants.
// A caller lacking a permission in the workspace holds it for a record when their role in the
// record's owner grants it — only on a plan with Plan.Roles. Reads go the same way: a caller
// without the kind's view permission sees the records whose owner's role grants it (one
// condition in every engine read, entity-sql.ts ruleSql), and nothing else.
type RolePermissions = (ctx: TenantContext, ownerId: string) => Promise<readonly string[]>;
// `grants`: what the caller's role in one owner grants; `granted`: the same as a condition on an
// owner id column (an indexed EXISTS), for reads and for many records at once; `held`: what the
// caller's roles grant in any owner (the web opens a kind's pages by it)
export type RoleProvider = {
  grants: RolePermissions;
  granted: RoleGrantSql;
  held: (ctx: TenantContext) => Promise<readonly string[]>;
};
type Registry = RegisteredEntity['registry'];
const providers = new WeakMap<Registry, Map<EntityKind, RoleProvider>>();

// `router`: the app's router (typed loosely: the router reads records through this engine)
export function provideRolePermissions(router: object, ownerKind: EntityKind, provider: RoleProvider): void {
  const registry = entityRegistry(router);
  const map = providers.get(registry) ?? new Map<EntityKind, RoleProvider>();
  map.set(ownerKind, provider);
  providers.set(registry, map);
}

function providerOf(ent: RegisteredEntity): RoleProvider | undefined {
  const kind = roleOwnerKind(ent);
  return kind ? providers.get(ent.registry)?.get(kind) : undefined;
}

// The feature's permission is the caller's only through roles (none in the workspace; a plan with
// roles; the kind has a role scope): the records are then those whose owner's role grants it.
// Undefined: the workspace's permission decides alone.
export function roleGrant(
  ctx: TenantContext,
  ent: RegisteredEntity,
  feature: EntityFeature,
): { field: string; permission: Permission; granted: RoleGrantSql } | undefined {
  const permission = ent.definition.permissions[feature];
  const field = ent.definition.roleScope?.field;
  if (!permission || !field || ctx.permissions.has(permission) || !ctx.permissions.has('Plan.Roles')) return undefined;
  const provider = providerOf(ent);
  return provider ? { field, permission, granted: provider.granted } : undefined;
}

// The caller may see records of the kind: by the workspace's view permission, or by a role in
// some owner (which records: ruleSql).
export const mayView = (ctx: TenantContext, ent: RegisteredEntity): boolean =>
  ctx.permissions.has(ent.definition.permissions.view) || roleGrant(ctx, ent, 'view') !== undefined;

// The caller sees some records of the kind: by the workspace's view permission, or by a role held
// in at least one owner (with Plan.Roles). What belongs to the kind as a whole — its record types —
// is read by it; mayView alone is true for every member on a plan with roles.
export async function viewsSomeRecords(ctx: TenantContext, ent: RegisteredEntity): Promise<boolean> {
  const view = ent.definition.permissions.view;
  if (ctx.permissions.has(view)) return true;
  const provider = roleGrant(ctx, ent, 'view') ? providerOf(ent) : undefined;
  return provider ? (await provider.held(ctx)).includes(view) : false;
}

// The kind whose records own the roles that count for `ent` (undefined: none).
export function roleOwnerKind(ent: RegisteredEntity): EntityKind | undefined {
  const field = ent.definition.roleScope?.field;
  if (!field) return undefined;
  if (field === 'id') return ent.definition.kind;
  return ent.definition.fields[field]?.target as EntityKind | undefined;
}

// The permissions the caller holds through a role in at least one record and not in the workspace
// (none without Plan.Roles): the web reaches a kind's pages by them when the kind has a role scope.
export async function permissionsThroughRoles(ctx: TenantContext, registry: Registry): Promise<string[]> {
  const map = providers.get(registry);
  if (!map || !ctx.permissions.has('Plan.Roles')) return [];
  const workspace: ReadonlySet<string> = ctx.permissions;
  const held = new Set<string>();
  for (const provider of map.values()) for (const p of await provider.held(ctx)) if (!workspace.has(p)) held.add(p);
  return [...held].sort();
}

// What the caller's role in an owner record grants (nothing without Plan.Roles or a role).
export async function rolePermissions(ctx: TenantContext, ent: RegisteredEntity, ownerId: string): Promise<ReadonlySet<string>> {
  const provider = providerOf(ent);
  if (!provider || !ctx.permissions.has('Plan.Roles')) return new Set();
  return new Set(await provider.grants(ctx, ownerId));
}

// The caller may use `feature` on the record `values` describes: by the workspace's permission,
// or by their role in the record's owner (its roleScope field names it).
export async function mayInScope(ctx: TenantContext, ent: RegisteredEntity, feature: EntityFeature, values: EntityRow): Promise<boolean> {
  const needed: Permission | null = ent.definition.permissions[feature];
  return !needed || holdsInScope(ctx, ent, needed, values);
}

// The same for a permission of the kind's module that is no feature of the engine (a helpdesk's
// Helpdesk.PublishArticles on an article): the workspace's, or the role's in the record's owner.
export async function holdsInScope(ctx: TenantContext, ent: RegisteredEntity, needed: Permission, values: EntityRow): Promise<boolean> {
  if (ctx.permissions.has(needed)) return true;
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
// Module routes about a kind's records name it by the definition (scopedPermission(taskEntity, 'manage')).
export function scopedPermission(definition: EntityDefinition, feature: EntityFeature): Permission | readonly Permission[] {
  const needed = definition.permissions[feature];
  if (!needed) throw new Error(`${definition.kind} has no ${feature} permission`);
  const field = definition.roleScope?.field;
  return field && !(field === 'id' && feature === 'create') ? [needed, 'Plan.Roles'] : needed;
}
