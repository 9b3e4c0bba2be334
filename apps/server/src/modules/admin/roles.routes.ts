import {
  ALL_PERMISSIONS,
  PERMISSION_MODULES,
  PLAN_PERMISSIONS,
  myPermissionsSchema,
  permissionsOf,
  roleSchema,
  roleWriteSchema,
} from '@atrium/domain';
import { z } from 'zod';
import { entityRegistry } from '../../platform/entity';
import type { Router } from '../../platform/router';
import * as rolesService from './roles.service';

const idParams = z.strictObject({ id: z.uuid() });

export function registerRoleRoutes(router: Router) {
  const tags = ['roles and permissions'];
  // the engine's kinds, whose record roles (project roles) add to what the caller may open
  const registry = entityRegistry(router);
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
    handler: (ctx, { params }) => rolesService.get(ctx, params.id),
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
    handler: (ctx) => rolesService.mine(ctx, registry),
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
