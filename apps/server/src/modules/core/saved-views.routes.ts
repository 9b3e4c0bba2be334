import { savedViewCreateSchema, savedViewListQuerySchema, savedViewSchema, savedViewWriteSchema } from '@atrium/domain';
import { z } from 'zod';
import type { Router } from '../../platform/router';
import * as savedViewsService from './saved-views.service';

const idParams = z.object({ id: z.uuid() });

// Saved list views are personal (each member keeps their own), so no permission is needed
// beyond membership; the service scopes every query to the caller's tenantUserId.
export function registerSavedViewRoutes(router: Router): void {
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/saved-views',
    summary: 'My saved views of one list',
    tags: ['core'],
    permission: null,
    schemas: { query: savedViewListQuerySchema, response: z.array(savedViewSchema) },
    handler: (ctx, { query }) => savedViewsService.list(ctx, query.listKey),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/saved-views',
    summary: 'Save a list view',
    tags: ['core'],
    permission: null,
    status: 201,
    example: {
      listKey: 'users',
      name: 'Invited people',
      filters: [{ field: 'status', op: 'eq', value: 'invited' }],
      sort: [],
      columns: ['email', 'status'],
      pageSize: 25,
    },
    schemas: { body: savedViewCreateSchema, response: savedViewSchema },
    handler: (ctx, { body }) => savedViewsService.create(ctx, body),
  });
  router.tenant({
    method: 'PUT',
    url: '/api/v1/core/saved-views/:id',
    summary: 'Update a saved list view',
    tags: ['core'],
    permission: null,
    table: 'saved_views',
    example: {
      name: 'Invited people',
      filters: [],
      sort: [{ field: 'email', order: 'asc' }],
      columns: ['email'],
      pageSize: 50,
      isDefault: true,
    },
    schemas: { params: idParams, body: savedViewWriteSchema, response: savedViewSchema },
    handler: (ctx, { params, body }) => savedViewsService.update(ctx, params.id, body),
  });
  router.tenant({
    method: 'DELETE',
    url: '/api/v1/core/saved-views/:id',
    summary: 'Delete a saved list view',
    tags: ['core'],
    permission: null,
    table: 'saved_views',
    status: 204,
    schemas: { params: idParams },
    handler: async (ctx, { params }) => {
      await savedViewsService.remove(ctx, params.id);
    },
  });
}
