import { collaboratorAddSchema, collaboratorListSchema, collaboratorSchema, entityRefSchema, pagedResponse } from '@atrium/domain';
import { z } from 'zod';
import type { Router } from '../../platform/router';
import * as collaboratorsService from './collaborators.service';
import { EXAMPLE_ENTITY, idParams, recordIn, type SharedRecordDeps } from './shared-records.access';

export function registerCollaboratorRoutes(router: Router, deps: SharedRecordDeps): void {
  const tags = ['collaborators'];
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/collaborators/list',
    summary: 'Collaborators of a record, paged',
    tags,
    permission: null,
    record: { feature: 'view', capability: 'collaborators', of: ({ body }) => recordIn(body) },
    example: { ...EXAMPLE_ENTITY, page: 1, pageSize: 25 },
    schemas: { body: collaboratorListSchema, response: pagedResponse(collaboratorSchema) },
    handler: (ctx, { body }) => collaboratorsService.list(ctx, deps, body),
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/collaborators',
    summary: 'All collaborators of a record',
    tags,
    permission: null,
    record: { feature: 'view', capability: 'collaborators', of: ({ query }) => recordIn(query) },
    schemas: { query: entityRefSchema, response: z.array(collaboratorSchema) },
    handler: (ctx, { query }) => collaboratorsService.byEntity(ctx, deps, query),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/collaborators',
    summary: 'Add collaborators (without tenantUserIds: follow the record yourself)',
    tags,
    permission: null,
    status: 201,
    record: { feature: 'view', capability: 'collaborators', of: ({ body }) => recordIn(body) },
    example: { ...EXAMPLE_ENTITY },
    schemas: { body: collaboratorAddSchema, response: z.array(collaboratorSchema) },
    handler: (ctx, { body }) => collaboratorsService.add(ctx, deps, body),
  });
  router.tenant({
    method: 'DELETE',
    url: '/api/v1/core/collaborators/:id',
    summary: 'Remove a collaborator',
    tags,
    permission: null,
    table: 'collaborators',
    status: 204,
    schemas: { params: idParams },
    handler: async (ctx, { params }) => {
      await collaboratorsService.remove(ctx, deps, params.id);
    },
  });
}
