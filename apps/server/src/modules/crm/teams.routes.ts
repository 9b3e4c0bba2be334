import {
  contactEntity,
  customQueryEntity,
  customQuerySuggestionsRequestSchema,
  customQuerySuggestionsSchema,
  entityColumnSchema,
  entityListQuerySchema,
  myTenantSchema,
  pagedResponse,
  pageSizeQuerySchema,
  teamEntity,
  teamInviteInfoSchema,
  teamInviteUrlRequestSchema,
  teamInviteUrlSchema,
  teamMemberSchema,
  teamMembersPatchSchema,
  teamPermissionsSchema,
} from '@atrium/domain';
import { z } from 'zod';
import { registerEntity, type RegisteredEntity } from '../../platform/entity';
import type { Router } from '../../platform/router';
import * as teamsService from './teams.service';
import type { TeamKinds, TeamsDeps } from './teams.service';
import { customQueries, teamContacts, teamCustomQueries, teams } from './teams.table';

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

// Teams and custom queries on the engine, and everything a team has beyond it (spec §7 Teams:
// members, resend invite, invite URL and joining through it, permissions, related teams of a
// contact, a team's custom query and its lookups; custom queries: fields, member list,
// suggestions).
export function registerTeamRoutes(router: Router, contact: RegisteredEntity, deps: TeamsDeps): void {
  const customQuery = registerEntity(router, customQueryEntity, {
    table: customQueries,
    hooks: {
      beforeCreate: async (ctx, values) => teamsService.checkQuery(ctx, contact, values),
      beforeUpdate: async (ctx, values) => teamsService.checkQuery(ctx, contact, values),
    },
    example: { name: 'Contacts in Berlin', query: { filters: [{ field: 'address', op: 'contains', value: 'Berlin' }] } },
    patchExample: [{ op: 'replace', path: '/name', value: 'Berlin contacts' }],
  });
  const team = registerEntity(router, teamEntity, {
    table: teams,
    relations: { contacts: teamContacts, customQueries: teamCustomQueries },
    hooks: {
      beforeCreate: async (ctx, values) => teamsService.checkUniqueName(ctx, values),
      beforeUpdate: async (ctx, values, before) => teamsService.checkUniqueName(ctx, values, String(before.id)),
      afterCreate: async (ctx, row) => teamsService.addCreator(ctx, row),
      beforeDelete: async (_ctx, row) => teamsService.refuseDefaultTeamDelete(row),
    },
    example: { name: 'Key accounts', description: 'Looks after our largest customers' },
    patchExample: [{ op: 'replace', path: '/description', value: 'Largest customers' }],
  });
  const kinds: TeamKinds = { team, customQuery, contact };

  const teamRow = z.object({ id: z.uuid(), name: z.string(), isDefault: z.boolean() });
  router.tenant({
    method: 'GET',
    url: `${contactEntity.basePath}/:id/teams`,
    summary: 'The teams a contact is related to',
    tags: ['Contact'],
    permission: teamEntity.permissions.view,
    table: contact.tableName,
    schemas: { params: z.object({ id: z.uuid() }), response: z.object({ data: z.array(teamRow) }) },
    handler: (ctx, { params }) => teamsService.teamsOfContact(ctx, kinds, params.id),
  });
  router.tenant({
    method: 'POST',
    url: `${contactEntity.basePath}/:id/teams`,
    summary: 'Set the teams a contact is related to',
    tags: ['Contact'],
    permission: teamEntity.permissions.manage,
    table: contact.tableName,
    schemas: {
      params: z.object({ id: z.uuid() }),
      body: z.strictObject({ ids: z.array(z.uuid()).max(200) }),
      response: z.object({ data: z.array(teamRow) }),
    },
    example: { ids: ['00000000-0000-4000-8000-000000000000'] },
    handler: (ctx, { params, body }) => teamsService.setTeamsOfContact(ctx, kinds, params.id, body.ids),
  });

  router.tenant({
    method: 'GET',
    url: `${teamEntity.basePath}/:id/custom-queries/:customQueryId`,
    summary: 'A custom query of a team with the contacts it matches now',
    tags: ['Team'],
    permission: teamEntity.permissions.view,
    table: team.tableName,
    schemas: {
      params: z.object({ id: z.uuid(), customQueryId: z.uuid() }),
      query: z.object({
        page: z.coerce.number().int().min(1).default(1),
        pageSize: pageSizeQuerySchema.default(25),
      }),
      response: z.object({ customQuery: customQueryEntity.schemas.row, contacts: pagedResponse(contactEntity.schemas.row) }),
    },
    handler: (ctx, { params, query }) => teamsService.customQueryOfTeam(ctx, kinds, params.id, params.customQueryId, query),
  });
  router.tenant({
    method: 'GET',
    url: `${teamEntity.basePath}/custom-query-lookups`,
    summary: 'Custom queries a team can use, for a picker',
    tags: ['Team'],
    permission: teamEntity.permissions.view,
    schemas: {
      query: z.object({ search: z.string().trim().max(200).optional() }),
      response: z.array(z.object({ value: z.uuid(), label: z.string() })),
    },
    handler: (ctx, { query }) => teamsService.customQueryLookups(ctx, kinds, query.search),
  });

  const q = customQueryEntity.basePath;
  router.tenant({
    method: 'GET',
    url: `${q}/fields`,
    summary: 'The contact fields a custom query can filter on',
    tags: ['CustomQuery'],
    permission: customQueryEntity.permissions.view,
    schemas: { response: z.array(entityColumnSchema) },
    handler: (ctx) => teamsService.customQueryFields(ctx, kinds),
  });
  router.tenant({
    method: 'POST',
    url: `${q}/:id/members`,
    summary: 'The contacts a custom query matches now',
    tags: ['CustomQuery'],
    permission: contactEntity.permissions.view,
    table: customQuery.tableName,
    schemas: { params: z.object({ id: z.uuid() }), body: entityListQuerySchema, response: pagedResponse(contactEntity.schemas.row) },
    example: { page: 1, pageSize: 25 },
    handler: (ctx, { params, body }) => teamsService.customQueryMatches(ctx, kinds, params.id, body),
  });
  router.tenant({
    method: 'POST',
    url: `${q}/suggestions`,
    summary: 'Values of a contact field that start with the typed text',
    tags: ['CustomQuery'],
    permission: contactEntity.permissions.view,
    readOnly: true,
    schemas: { body: customQuerySuggestionsRequestSchema, response: customQuerySuggestionsSchema },
    example: { field: 'jobTitle', search: 'Eng' },
    handler: (ctx, { body }) => teamsService.suggestions(ctx, body),
  });

  router.tenant({
    method: 'PATCH',
    url: `${teamEntity.basePath}/:teamId/members`,
    summary: 'Add and remove members of a team (workspace users)',
    tags: ['Team'],
    permission: teamEntity.permissions.manage,
    table: 'teams',
    schemas: { params: teamIdParams, body: teamMembersPatchSchema, response: z.object({ total: z.number().int() }) },
    example: { add: [EXAMPLE_ID], remove: [] },
    handler: (ctx, { params, body }) => teamsService.patchMembers(ctx, params.teamId, body),
  });
  router.tenant({
    method: 'POST',
    url: `${teamEntity.basePath}/:teamId/members/list`,
    summary: 'List the members of a team',
    tags: ['Team'],
    permission: teamEntity.permissions.view,
    table: 'teams',
    schemas: { params: teamIdParams, body: memberListSchema, response: pagedResponse(teamMemberSchema) },
    example: { page: 1, pageSize: 25 },
    handler: (ctx, { params, body }) => teamsService.members(ctx, params.teamId, body),
  });
  router.tenant({
    method: 'POST',
    url: `${teamEntity.basePath}/:teamId/resend-invite`,
    summary: 'Send the invitation again to the members who have not joined yet',
    tags: ['Team'],
    permission: 'Setting.ManageUsers',
    table: 'teams',
    status: 202,
    schemas: { params: teamIdParams, response: z.object({ sent: z.number().int() }) },
    handler: (ctx, { params }) => teamsService.resendInvites(ctx, deps, params.teamId),
  });
  router.tenant({
    method: 'POST',
    url: `${teamEntity.basePath}/:id/invite-url`,
    summary: 'Generate the team’s invite URL (replaces the previous one)',
    tags: ['Team'],
    permission: teamEntity.permissions.manage,
    table: 'teams',
    status: 201,
    schemas: { params: idParams, body: teamInviteUrlRequestSchema, response: teamInviteUrlSchema },
    example: { expiresInDays: 7 },
    handler: (ctx, { params, body }) => teamsService.createInviteUrl(ctx, deps, params.id, body.expiresInDays),
  });
  router.tenant({
    method: 'DELETE',
    url: `${teamEntity.basePath}/:id/invite-url`,
    summary: 'Revoke the team’s invite URL',
    tags: ['Team'],
    permission: teamEntity.permissions.manage,
    table: 'teams',
    status: 204,
    schemas: { params: idParams },
    handler: (ctx, { params }) => teamsService.revokeInviteUrl(ctx, params.id),
  });
  router.tenant({
    method: 'GET',
    url: `${teamEntity.basePath}/:id/permissions`,
    summary: 'The module permissions a team grants its members',
    tags: ['Team'],
    permission: teamEntity.permissions.view,
    table: 'teams',
    schemas: { params: idParams, response: grantedSchema },
    handler: (ctx, { params }) => teamsService.permissions(ctx, params.id),
  });
  router.tenant({
    method: 'PUT',
    url: `${teamEntity.basePath}/:id/permissions`,
    summary: 'Set the module permissions a team grants its members (needs ManagePermissions too)',
    tags: ['Team'],
    permission: teamEntity.permissions.manage,
    table: 'teams',
    schemas: { params: idParams, body: teamPermissionsSchema, response: grantedSchema },
    example: { permissions: ['Contact.ViewContacts'] },
    handler: (ctx, { params, body }) => teamsService.setPermissions(ctx, params.id, body.permissions),
  });
  router.public({
    method: 'GET',
    url: '/api/v1/team-invites/:token',
    summary: 'Describe a team invite URL',
    tags: ['Team'],
    rateLimit: 'public',
    schemas: { params: tokenParams, response: teamInviteInfoSchema },
    handler: (ctx, { params }) => teamsService.describeInvite(ctx.db, params.token),
  });
  router.user({
    method: 'POST',
    url: '/api/v1/team-invites/:token/accept',
    summary: 'Join the team (and, if need be, its workspace) through its invite URL',
    tags: ['Team'],
    rateLimit: 'auth',
    schemas: { params: tokenParams, response: myTenantSchema.extend({ teamId: z.uuid() }) },
    handler: (ctx, { params }) => teamsService.acceptInvite(ctx.db, ctx.user, params.token),
  });
}
