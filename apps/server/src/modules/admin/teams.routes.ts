import {
  myTenantSchema,
  pagedResponse,
  teamEntity,
  teamInviteInfoSchema,
  teamInviteUrlRequestSchema,
  teamInviteUrlSchema,
  teamMemberSchema,
  teamMembersPatchSchema,
  teamPermissionsSchema,
} from '@atrium/domain';
import { z } from 'zod';
import type { Router } from '../../platform/router';
import { teamInvitesService, teamsService, type TeamsDeps } from './teams.service';

const teamIdParams = z.strictObject({ teamId: z.uuid() });
const idParams = z.strictObject({ id: z.uuid() });
const tokenParams = z.strictObject({ token: z.string().min(1).max(200) });
const memberListSchema = z.strictObject({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(200).default(25),
  search: z.string().trim().max(200).optional(),
});
// stored grants read back as names (a permission renamed later still shows)
const grantedSchema = z.object({ permissions: z.array(z.string()) });
const EXAMPLE_ID = '5f0c6c5e-8a0b-4f43-9d39-1f2b7f3e9a10';

// Spec §7 Teams: members, resend invite, invite URL (and joining through it), permissions.
// The team itself (list, create, GET, PUT, DELETE) is the engine's (teamEntity).
export function registerTeamRoutes(router: Router, deps: TeamsDeps): void {
  const service = teamsService(deps);
  const p = teamEntity.permissions;
  const tags = ['Team'];
  const base = teamEntity.basePath;
  router.tenant({
    method: 'PATCH',
    url: `${base}/:teamId/members`,
    summary: 'Add and remove members of a team (workspace users)',
    tags,
    permission: p.manage,
    table: 'teams',
    schemas: { params: teamIdParams, body: teamMembersPatchSchema, response: z.object({ total: z.number().int() }) },
    example: { add: [EXAMPLE_ID], remove: [] },
    handler: (ctx, { params, body }) => service.patchMembers(ctx, params.teamId, body),
  });
  router.tenant({
    method: 'POST',
    url: `${base}/:teamId/members/list`,
    summary: 'List the members of a team',
    tags,
    permission: p.view,
    table: 'teams',
    schemas: { params: teamIdParams, body: memberListSchema, response: pagedResponse(teamMemberSchema) },
    example: { page: 1, pageSize: 25 },
    handler: (ctx, { params, body }) => service.members(ctx, params.teamId, body),
  });
  router.tenant({
    method: 'POST',
    url: `${base}/:teamId/resend-invite`,
    summary: 'Send the invitation again to the members who have not joined yet',
    tags,
    permission: 'Setting.ManageUsers',
    table: 'teams',
    status: 202,
    schemas: { params: teamIdParams, response: z.object({ sent: z.number().int() }) },
    handler: (ctx, { params }) => service.resendInvites(ctx, params.teamId),
  });
  router.tenant({
    method: 'POST',
    url: `${base}/:id/invite-url`,
    summary: 'Generate the team’s invite URL (replaces the previous one)',
    tags,
    permission: p.manage,
    table: 'teams',
    status: 201,
    schemas: { params: idParams, body: teamInviteUrlRequestSchema, response: teamInviteUrlSchema },
    example: { expiresInDays: 7 },
    handler: (ctx, { params, body }) => service.createInviteUrl(ctx, params.id, body.expiresInDays),
  });
  router.tenant({
    method: 'DELETE',
    url: `${base}/:id/invite-url`,
    summary: 'Revoke the team’s invite URL',
    tags,
    permission: p.manage,
    table: 'teams',
    status: 204,
    schemas: { params: idParams },
    handler: (ctx, { params }) => service.revokeInviteUrl(ctx, params.id),
  });
  router.tenant({
    method: 'GET',
    url: `${base}/:id/permissions`,
    summary: 'The module permissions a team grants its members',
    tags,
    permission: p.view,
    table: 'teams',
    schemas: { params: idParams, response: grantedSchema },
    handler: (ctx, { params }) => service.permissions(ctx, params.id),
  });
  router.tenant({
    method: 'PUT',
    url: `${base}/:id/permissions`,
    summary: 'Set the module permissions a team grants its members (needs ManagePermissions too)',
    tags,
    permission: p.manage,
    table: 'teams',
    schemas: { params: idParams, body: teamPermissionsSchema, response: grantedSchema },
    example: { permissions: ['Contact.ViewContacts'] },
    handler: (ctx, { params, body }) => service.setPermissions(ctx, params.id, body.permissions),
  });
  router.public({
    method: 'GET',
    url: '/api/v1/team-invites/:token',
    summary: 'Describe a team invite URL',
    tags,
    rateLimit: 'public',
    schemas: { params: tokenParams, response: teamInviteInfoSchema },
    handler: (ctx, { params }) => teamInvitesService.describe(ctx.db, params.token),
  });
  router.user({
    method: 'POST',
    url: '/api/v1/team-invites/:token/accept',
    summary: 'Join the team (and, if need be, its workspace) through its invite URL',
    tags,
    rateLimit: 'auth',
    schemas: { params: tokenParams, response: myTenantSchema.extend({ teamId: z.uuid() }) },
    handler: (ctx, { params }) => teamInvitesService.accept(ctx.db, ctx.user, params.token),
  });
}
