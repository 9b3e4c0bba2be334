import {
  ALL_PERMISSIONS,
  PERMISSION_MODULES,
  PLAN_PERMISSIONS,
  ROLE_PERMISSIONS,
  myPermissionsSchema,
  permissionsOf,
  roleSchema,
  roleWriteSchema,
  type RoleWrite,
} from '@atrium/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TenantContext } from '../../platform/context';
import { AppError, fieldError, notFound } from '../../platform/errors';
import type { Router } from '../../platform/router';
import { roles, tenantUsers } from './admin.table';

const toRole = (r: typeof roles.$inferSelect) => ({ id: r.id, name: r.name, systemKey: r.systemKey, permissions: r.permissions });

function validPermissions(input: RoleWrite): string[] {
  const unknown = input.permissions.filter((p) => !(ROLE_PERMISSIONS as readonly string[]).includes(p));
  if (unknown.length > 0) {
    throw fieldError('permissions', 'validation', `permissions has names that are not role permissions: ${unknown.slice(0, 5).join(', ')}`);
  }
  return [...new Set(input.permissions)];
}

const rolesService = {
  async list(ctx: TenantContext) {
    return (await ctx.db.select().from(roles).orderBy(asc(roles.name))).map(toRole);
  },
  async get(ctx: TenantContext, id: string) {
    const [row] = await ctx.db.select().from(roles).where(eq(roles.id, id));
    if (!row) throw notFound('Role');
    return row;
  },
  // Custom roles are a Pro feature (Plan.Roles); the system roles are editable on every plan.
  async create(ctx: TenantContext, input: RoleWrite) {
    if (!ctx.permissions.has('Plan.Roles')) {
      throw new AppError(403, 'planFeatureRequired', 'Custom roles need a Pro plan', undefined, { limit: 'Plan.Roles' });
    }
    const [row] = await ctx.db
      .insert(roles)
      .values({ tenantId: ctx.tenantId, name: input.name, permissions: validPermissions(input) })
      .onConflictDoNothing()
      .returning();
    if (!row) throw fieldError('name', 'duplicateTitle', 'name is already used by another role', 409);
    return toRole(row);
  },
  async update(ctx: TenantContext, id: string, input: RoleWrite) {
    const current = await rolesService.get(ctx, id);
    // the Admin role always holds every permission, so a workspace can never lock itself out
    if (current.systemKey === 'Admin') throw new AppError(409, 'forbidden', 'The Admin role always holds every permission');
    const [row] = await ctx.db
      .update(roles)
      .set({ name: input.name, permissions: validPermissions(input), updatedAt: new Date() })
      .where(eq(roles.id, id))
      .returning()
      .catch((err: { code?: string }) => {
        if (err.code === '23505') throw fieldError('name', 'duplicateTitle', 'name is already used by another role', 409);
        throw err;
      });
    if (!row) throw notFound('Role');
    return toRole(row);
  },
  async remove(ctx: TenantContext, id: string) {
    const current = await rolesService.get(ctx, id);
    if (current.systemKey) throw new AppError(409, 'forbidden', 'System roles cannot be deleted');
    const [used] = await ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(tenantUsers)
      .where(and(eq(tenantUsers.roleId, id)));
    if ((used?.n ?? 0) > 0) throw new AppError(409, 'conflict', 'Users still hold this role; give them another role first');
    await ctx.db.delete(roles).where(eq(roles.id, id));
  },
};

const idParams = z.strictObject({ id: z.uuid() });

export function registerRoleRoutes(router: Router) {
  const tags = ['roles and permissions'];
  router.tenant({
    method: 'GET',
    url: '/api/v1/admin/roles',
    summary: 'Roles of the workspace',
    tags,
    permission: null,
    schemas: { response: z.array(roleSchema) },
    handler: (ctx) => rolesService.list(ctx),
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/admin/roles/:id',
    summary: 'One role',
    tags,
    permission: null,
    table: 'roles',
    schemas: { params: idParams, response: roleSchema },
    handler: async (ctx, { params }) => toRole(await rolesService.get(ctx, params.id)),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/admin/roles',
    summary: 'Create a custom role (Pro)',
    tags,
    permission: 'Setting.ManagePermissions',
    status: 201,
    example: { name: 'Agent', permissions: ['Helpdesk.View'] },
    schemas: { body: roleWriteSchema, response: roleSchema },
    handler: (ctx, { body }) => rolesService.create(ctx, body),
  });
  router.tenant({
    method: 'PUT',
    url: '/api/v1/admin/roles/:id',
    summary: 'Rename a role or change its permissions',
    tags,
    permission: 'Setting.ManagePermissions',
    table: 'roles',
    example: { name: 'Member', permissions: ['Contact.ViewContacts'] },
    schemas: { params: idParams, body: roleWriteSchema, response: roleSchema },
    handler: (ctx, { params, body }) => rolesService.update(ctx, params.id, body),
  });
  router.tenant({
    method: 'DELETE',
    url: '/api/v1/admin/roles/:id',
    summary: 'Delete a custom role',
    tags,
    permission: 'Setting.ManagePermissions',
    table: 'roles',
    status: 204,
    schemas: { params: idParams },
    handler: (ctx, { params }) => rolesService.remove(ctx, params.id),
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/admin/permissions/me',
    summary: 'My merged permissions in this workspace',
    tags,
    permission: null,
    schemas: { response: myPermissionsSchema },
    handler: async (ctx) => ({ permissions: [...ctx.permissions].sort(), role: ctx.role, plans: [...ctx.plans] }),
  });
  router.public({
    method: 'GET',
    url: '/api/v1/admin/permissions/catalogue',
    summary: 'Every permission name, by module',
    tags,
    schemas: {
      response: z.object({
        modules: z.array(z.object({ module: z.string(), permissions: z.array(z.string()) })),
        plan: z.array(z.string()),
        all: z.array(z.string()),
      }),
    },
    handler: async () => ({
      modules: PERMISSION_MODULES.map((module) => ({ module, permissions: [...permissionsOf(module)] })),
      plan: [...PLAN_PERMISSIONS],
      all: [...ALL_PERMISSIONS],
    }),
  });
}
