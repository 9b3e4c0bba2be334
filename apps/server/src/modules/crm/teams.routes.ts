import {
  contactEntity,
  customQueryEntity,
  customQuerySuggestionsRequestSchema,
  customQuerySuggestionsSchema,
  entityColumnSchema,
  entityListQuerySchema,
  pagedResponse,
  pageSizeQuerySchema,
  teamEntity,
  type CustomQueryFilter,
  type EntityListQuery,
  type ProblemField,
} from '@atrium/domain';
import { z } from 'zod';
import { AppError, fieldError, notFound } from '../../platform/errors';
import {
  getEntity,
  listColumns,
  listEntities,
  registerEntity,
  requireRecord,
  type EntityRow,
  type RegisteredEntity,
} from '../../platform/entity';
import type { TenantContext } from '../../platform/context';
import type { Router } from '../../platform/router';
import { teams, teamsRepository } from '../admin';
import { crmTeamsRepository as repo } from './teams.repository';
import { customQueries, teamContacts, teamCustomQueries } from './teams.table';

const SUGGESTIBLE = new Set(['text', 'email', 'phone', 'url', 'enum']);

// The contacts a custom query selects now, as the contacts list pages them; the caller's page,
// sort and extra filters narrow it further.
function matchesOf(ctx: TenantContext, contact: RegisteredEntity, query: CustomQueryFilter, narrow: EntityListQuery) {
  return listEntities(ctx, contact, {
    ...narrow,
    filters: [...query.filters, ...narrow.filters],
    archived: false,
    ...(query.search ? { search: query.search } : {}),
    ...(query.tags ? { tags: query.tags } : {}),
  });
}

// A query is checked by running it once against the contacts: an unknown field or operator is
// a 400 on `query.filters.N…`, as the list itself would name it without the prefix.
async function checkQuery(ctx: TenantContext, contact: RegisteredEntity, values: EntityRow): Promise<void> {
  const query = values.query as CustomQueryFilter | undefined;
  if (!query) return;
  try {
    await matchesOf(ctx, contact, query, { page: 1, pageSize: 25, filters: [], sort: [], archived: false });
  } catch (e) {
    if (!(e instanceof AppError) || e.status !== 400) throw e;
    const errors: ProblemField[] = (e.errors ?? []).map((f) => ({ ...f, field: `query.${f.field}` }));
    throw new AppError(400, e.code, e.message, errors);
  }
}

// Teams and custom queries on the engine, and the calls between them and contacts (spec §7
// Teams: related teams of a contact, a team's custom query and its lookups; custom queries:
// fields, member list, suggestions). Members, invite URL and permissions: modules/admin.
export function registerTeamEntities(router: Router, contact: RegisteredEntity): void {
  const customQuery = registerEntity(router, customQueryEntity, {
    table: customQueries,
    hooks: {
      beforeCreate: async (ctx, values) => checkQuery(ctx, contact, values),
      beforeUpdate: async (ctx, values) => checkQuery(ctx, contact, values),
    },
    example: { name: 'Contacts in Berlin', query: { filters: [{ field: 'address', op: 'contains', value: 'Berlin' }] } },
    patchExample: [{ op: 'replace', path: '/name', value: 'Berlin contacts' }],
  });
  const uniqueName = async (ctx: TenantContext, values: EntityRow, id?: string) => {
    if (typeof values.name === 'string' && (await repo.nameTaken(ctx, values.name, id)))
      throw fieldError('name', 'duplicateTitle', 'name is already the name of another team');
  };
  const team = registerEntity(router, teamEntity, {
    table: teams,
    relations: { contacts: teamContacts, customQueries: teamCustomQueries },
    hooks: {
      beforeCreate: async (ctx, values) => uniqueName(ctx, values),
      beforeUpdate: async (ctx, values, before) => uniqueName(ctx, values, String(before.id)),
      // whoever makes a team is its first member
      afterCreate: async (ctx, row) => teamsRepository.addMembers(ctx, String(row.id), [ctx.tenantUserId]),
      beforeDelete: async (_ctx, row) => {
        if (row.isDefault) throw new AppError(409, 'defaultTeamCannotBeDeleted', 'The default team cannot be deleted');
      },
    },
    example: { name: 'Key accounts', description: 'Looks after our largest customers' },
    patchExample: [{ op: 'replace', path: '/description', value: 'Largest customers' }],
  });

  const teamRow = z.object({ id: z.uuid(), name: z.string(), isDefault: z.boolean() });
  router.tenant({
    method: 'GET',
    url: `${contactEntity.basePath}/:id/teams`,
    summary: 'The teams a contact is related to',
    tags: ['Contact'],
    permission: teamEntity.permissions.view,
    table: contact.tableName,
    schemas: { params: z.object({ id: z.uuid() }), response: z.object({ data: z.array(teamRow) }) },
    handler: async (ctx, { params }) => {
      await requireRecord(ctx, contact.registry, { kind: 'Contact', id: params.id }, 'view');
      return { data: await repo.teamsOfContact(ctx, params.id) };
    },
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
    handler: async (ctx, { params, body }) => {
      await requireRecord(ctx, contact.registry, { kind: 'Contact', id: params.id }, 'view');
      const found = await repo.existingTeams(ctx, body.ids);
      const missing = body.ids.findIndex((id) => !found.has(id));
      if (missing >= 0) throw fieldError(`ids.${missing}`, 'referenceNotFound', `ids.${missing} names no team of this workspace`);
      await repo.setTeamsOfContact(ctx, params.id, [...found]);
      return { data: await repo.teamsOfContact(ctx, params.id) };
    },
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
    handler: async (ctx, { params, query }) => {
      await requireRecord(ctx, team.registry, { kind: 'Team', id: params.id }, 'view');
      if (!(await repo.queryOfTeam(ctx, params.id, params.customQueryId))) throw notFound('CustomQuery');
      const row = await getEntity(ctx, customQuery, params.customQueryId);
      const contacts = await matchesOf(ctx, contact, row.query as CustomQueryFilter, {
        page: query.page,
        pageSize: query.pageSize,
        filters: [],
        sort: [],
        archived: false,
      });
      return { customQuery: row, contacts };
    },
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
    handler: async (ctx, { query }) => {
      const { data } = await listEntities(ctx, customQuery, {
        page: 1,
        pageSize: 50,
        filters: [],
        sort: [{ field: 'name', order: 'asc' }],
        archived: false,
        ...(query.search ? { search: query.search } : {}),
      });
      return data.map((r) => ({ value: String(r.id), label: String(r.title) }));
    },
  });

  const q = customQueryEntity.basePath;
  router.tenant({
    method: 'GET',
    url: `${q}/fields`,
    summary: 'The contact fields a custom query can filter on',
    tags: ['CustomQuery'],
    permission: customQueryEntity.permissions.view,
    schemas: { response: z.array(entityColumnSchema) },
    handler: async (ctx) => (await listColumns(ctx, contact)).filter((c) => c.filterable),
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
    handler: async (ctx, { params, body }) => {
      const row = await getEntity(ctx, customQuery, params.id);
      return matchesOf(ctx, contact, row.query as CustomQueryFilter, body);
    },
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
    handler: async (ctx, { body }) => {
      const f = Object.hasOwn(contactEntity.fields, body.field) ? contactEntity.fields[body.field] : undefined;
      if (!f || !SUGGESTIBLE.has(f.kind)) throw fieldError('field', 'unknownField', `${body.field} has no suggestions`);
      return { values: await repo.suggestions(ctx, f.column, body.search, body.limit) };
    },
  });
}
