import {
  myTenantSchema,
  pagedResponse,
  workspaceUserCreateSchema,
  workspaceUserListSchema,
  workspaceUserSchema,
  workspaceUserUpdateSchema,
} from '@atrium/domain';
import { z } from 'zod';
import type { Router } from '../../platform/router';
import * as workspaceUsersService from './workspace-users.service';
import type { WorkspaceUsersDeps } from './workspace-users.service';

const idParams = z.strictObject({ tenantUserId: z.uuid() });
const tokenParams = z.strictObject({ token: z.string().min(1).max(200) });

export function registerWorkspaceUserRoutes(router: Router, deps: WorkspaceUsersDeps) {
  const tags = ['workspace users'];
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/users/list',
    summary: 'List workspace users',
    tags,
    permission: ['Setting.ViewUsers', 'Setting.ManageUsers'],
    example: { page: 1, pageSize: 25 },
    schemas: { body: workspaceUserListSchema, response: pagedResponse(workspaceUserSchema) },
    handler: (ctx, { body }) => workspaceUsersService.list(ctx, body),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/users',
    summary: 'Invite a user by e-mail with a role',
    tags,
    permission: 'Setting.ManageUsers',
    status: 201,
    schemas: { body: workspaceUserCreateSchema, response: workspaceUserSchema },
    handler: (ctx, { body }) => workspaceUsersService.invite(ctx, deps, body),
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/users/:tenantUserId',
    summary: 'Get a workspace user',
    tags,
    permission: ['Setting.ViewUsers', 'Setting.ManageUsers'],
    table: 'tenant_users',
    schemas: { params: idParams, response: workspaceUserSchema },
    handler: (ctx, { params }) => workspaceUsersService.get(ctx, params.tenantUserId),
  });
  router.tenant({
    method: 'PUT',
    url: '/api/v1/core/users/:tenantUserId',
    summary: "Change a workspace user's role",
    tags,
    permission: 'Setting.ManageUsers',
    table: 'tenant_users',
    schemas: { params: idParams, body: workspaceUserUpdateSchema, response: workspaceUserSchema },
    handler: (ctx, { params, body }) => workspaceUsersService.update(ctx, params.tenantUserId, body),
  });
  router.tenant({
    method: 'DELETE',
    url: '/api/v1/core/users/:tenantUserId',
    summary: 'Remove a user from the workspace',
    tags,
    permission: 'Setting.ManageUsers',
    table: 'tenant_users',
    status: 204,
    schemas: { params: idParams },
    handler: (ctx, { params }) => workspaceUsersService.remove(ctx, params.tenantUserId),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/users/:tenantUserId/invite',
    summary: 'Send the invitation again',
    tags,
    permission: 'Setting.ManageUsers',
    table: 'tenant_users',
    status: 202,
    schemas: { params: idParams, response: workspaceUserSchema },
    handler: (ctx, { params }) => workspaceUsersService.resendInvite(ctx, deps, params.tenantUserId),
  });
  router.public({
    method: 'GET',
    url: '/api/v1/admin/invitations/:token',
    summary: 'Describe an invitation link',
    tags,
    rateLimit: 'public',
    schemas: {
      params: tokenParams,
      response: z.object({ valid: z.boolean(), tenantName: z.string().optional(), email: z.string().optional() }),
    },
    handler: (ctx, { params }) => workspaceUsersService.describeInvite(ctx.db, params.token),
  });
  router.user({
    method: 'POST',
    url: '/api/v1/admin/invitations/:token/accept',
    summary: 'Accept an invitation as the signed-in user',
    tags,
    rateLimit: 'auth',
    schemas: { params: tokenParams, response: myTenantSchema },
    handler: (ctx, { params }) => workspaceUsersService.acceptInvite(ctx.db, ctx.user, params.token),
  });
}
