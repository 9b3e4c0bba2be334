import {
  globalLookupCreateSchema,
  globalLookupDeleteQuerySchema,
  globalLookupEntitySchema,
  globalLookupListSchema,
  globalLookupSchema,
  globalLookupUpdateSchema,
  pagedResponse,
} from '@atrium/domain';
import { z } from 'zod';
import type { Router } from '../../platform/router';
import * as service from './global-lookups.service';

const tags = ['Global lookups'];
const entityParams = z.object({ entity: globalLookupEntitySchema });

// Shape chosen in docs/decisions/012-global-lookups.md: the path names the lookup entity,
// the body (PUT) or query (DELETE) names the entry.
export function registerGlobalLookupRoutes(router: Router): void {
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/global-lookups/:entity',
    summary: 'Entries of one contact-detail lookup (Address, Email, Phone, Social, Website, Department, JobTitle)',
    tags,
    permission: null,
    paramsExample: { entity: 'Email' },
    schemas: { params: entityParams, response: z.array(globalLookupSchema) },
    handler: async (ctx, { params }) => service.listByEntity(ctx, params.entity),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/global-lookups/list',
    summary: 'Paged list of lookup entries, optionally of some entities',
    tags,
    permission: 'Setting.ViewLookups',
    schemas: { body: globalLookupListSchema, response: pagedResponse(globalLookupSchema) },
    example: { page: 1, pageSize: 25, entities: ['Email'] },
    handler: async (ctx, { body }) => service.listPage(ctx, body),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/global-lookups',
    summary: 'Add a lookup entry',
    tags,
    permission: 'Setting.ManageLookups',
    status: 201,
    schemas: { body: globalLookupCreateSchema, response: globalLookupSchema },
    example: { entity: 'Email', name: 'Work' },
    handler: async (ctx, { body }) => service.createLookup(ctx, body),
  });
  router.tenant({
    method: 'PUT',
    url: '/api/v1/core/global-lookups/:entity',
    summary: 'Rename a lookup entry or make it the default',
    tags,
    permission: 'Setting.ManageLookups',
    paramsExample: { entity: 'Email' },
    schemas: { params: entityParams, body: globalLookupUpdateSchema, response: globalLookupSchema },
    example: { id: '00000000-0000-4000-8000-000000000000', name: 'Work' },
    handler: async (ctx, { params, body }) => service.updateLookup(ctx, params.entity, body),
  });
  router.tenant({
    method: 'DELETE',
    url: '/api/v1/core/global-lookups/:entity',
    summary: 'Delete a lookup entry (?id=)',
    tags,
    permission: 'Setting.ManageLookups',
    status: 204,
    paramsExample: { entity: 'Email' },
    schemas: { params: entityParams, query: globalLookupDeleteQuerySchema },
    handler: async (ctx, { params, query }) => service.deleteLookup(ctx, params.entity, query.id),
  });
}
