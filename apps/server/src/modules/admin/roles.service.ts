import { ROLE_PERMISSIONS, type MyPermissions, type Role, type RoleWrite } from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { permissionsThroughRoles, type RegisteredEntity } from '../../platform/entity';
import { isUniqueViolation } from '../../platform/db-errors';
import { AppError, fieldError, notFound } from '../../platform/errors';
import * as repo from './roles.repository';
import type { RoleRow } from './roles.repository';

const toRole = (r: RoleRow): Role => ({ id: r.id, name: r.name, systemKey: r.systemKey, permissions: r.permissions });
const nameTaken = () => fieldError('name', 'duplicateTitle', 'name is already used by another role', 409);

function validPermissions(input: RoleWrite): string[] {
  const unknown = input.permissions.filter((p) => !(ROLE_PERMISSIONS as readonly string[]).includes(p));
  if (unknown.length > 0) {
    throw fieldError('permissions', 'validation', `permissions has names that are not role permissions: ${unknown.slice(0, 5).join(', ')}`);
  }
  return [...new Set(input.permissions)];
}

async function load(ctx: TenantContext, id: string): Promise<RoleRow> {
  const row = await repo.byId(ctx, id);
  if (!row) throw notFound('Role');
  return row;
}

export async function list(ctx: TenantContext): Promise<Role[]> {
  return (await repo.list(ctx)).map(toRole);
}

export async function get(ctx: TenantContext, id: string): Promise<Role> {
  return toRole(await load(ctx, id));
}

// Custom roles are a Pro feature (Plan.Roles); the system roles are editable on every plan.
export async function create(ctx: TenantContext, input: RoleWrite): Promise<Role> {
  if (!ctx.permissions.has('Plan.Roles')) {
    throw new AppError(403, 'planFeatureRequired', 'Custom roles need a Pro plan', undefined, { limit: 'Plan.Roles' });
  }
  const row = await repo.insert(ctx, { name: input.name, permissions: validPermissions(input) });
  if (!row) throw nameTaken();
  return toRole(row);
}

export async function update(ctx: TenantContext, id: string, input: RoleWrite): Promise<Role> {
  const current = await load(ctx, id);
  // the Admin role always holds every permission, so a workspace can never lock itself out
  if (current.systemKey === 'Admin') throw new AppError(409, 'forbidden', 'The Admin role always holds every permission');
  const row = await repo.update(ctx, id, { name: input.name, permissions: validPermissions(input) }).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  });
  if (!row) throw notFound('Role');
  return toRole(row);
}

export async function remove(ctx: TenantContext, id: string): Promise<void> {
  const current = await load(ctx, id);
  if (current.systemKey) throw new AppError(409, 'forbidden', 'System roles cannot be deleted');
  if ((await repo.holders(ctx, id)) > 0) throw new AppError(409, 'conflict', 'Users still hold this role; give them another role first');
  await repo.remove(ctx, id);
}

// The caller's merged permissions in the workspace, and those they hold only through a role in
// some record (a project role), by which the web opens a kind's pages.
export async function mine(ctx: TenantContext, registry: RegisteredEntity['registry']): Promise<MyPermissions> {
  return {
    permissions: [...ctx.permissions].sort(),
    role: ctx.role,
    plans: [...ctx.plans],
    throughRoles: await permissionsThroughRoles(ctx, registry),
  };
}
