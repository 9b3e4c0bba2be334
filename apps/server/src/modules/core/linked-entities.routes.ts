import { linkedEntityLinkSchema, linkedEntityListSchema, linkedEntitySchema, pagedResponse } from '@atrium/domain';
import type { Router } from '../../platform/router';
import * as linkedEntitiesService from './linked-entities.service';
import { EXAMPLE_ENTITY, idParams, recordIn, type SharedRecordDeps } from './shared-records.access';

export function registerLinkedEntityRoutes(router: Router, deps: SharedRecordDeps): void {
  const tags = ['linked-entities'];
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/linked-entities/list',
    summary: 'Records linked to a record (either side of the link)',
    tags,
    permission: null,
    record: { feature: 'view', capability: 'linkedEntities', of: ({ body }) => recordIn(body) },
    example: { ...EXAMPLE_ENTITY, page: 1, pageSize: 25 },
    schemas: { body: linkedEntityListSchema, response: pagedResponse(linkedEntitySchema) },
    handler: (ctx, { body }) => linkedEntitiesService.list(ctx, deps, body),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/linked-entities',
    summary: 'Link two records of any kinds',
    tags,
    permission: null,
    status: 201,
    record: { feature: 'manage', capability: 'linkedEntities', of: ({ body }) => recordIn(body) },
    example: { ...EXAMPLE_ENTITY, linkedKind: 'Organization', linkedId: '7d2e6e3a-6c6d-4a2a-9c73-5e3f4a5b6c7d' },
    schemas: { body: linkedEntityLinkSchema, response: linkedEntitySchema },
    handler: (ctx, { body }) => linkedEntitiesService.link(ctx, deps, body),
  });
  router.tenant({
    method: 'DELETE',
    url: '/api/v1/core/linked-entities/:id',
    summary: 'Remove a link',
    tags,
    permission: null,
    table: 'entity_links',
    status: 204,
    schemas: { params: idParams },
    handler: async (ctx, { params }) => {
      await linkedEntitiesService.remove(ctx, deps, params.id);
    },
  });
}
