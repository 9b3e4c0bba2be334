import { entityRefSchema, entityTagsSchema, pagedResponse, tagCreateSchema, tagListSchema, tagSchema } from '@atrium/domain';
import { z } from 'zod';
import type { Router } from '../../platform/router';
import { recordIn, type SharedRecordDeps } from './shared-records.access';
import * as tagsService from './tags.service';

export function registerTagRoutes(router: Router, deps: SharedRecordDeps): void {
  const tags = ['tags'];
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/tags/list',
    summary: 'Tags of the workspace',
    tags,
    permission: null,
    example: { page: 1, pageSize: 25, search: 'vip' },
    schemas: { body: tagListSchema, response: pagedResponse(tagSchema) },
    handler: (ctx, { body }) => tagsService.list(ctx, body),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/tags',
    summary: 'Create a tag (colour from the tag palette)',
    tags,
    permission: null,
    status: 201,
    example: { name: 'VIP', color: '#F5222D' },
    schemas: { body: tagCreateSchema, response: tagSchema },
    handler: (ctx, { body }) => tagsService.create(ctx, body),
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/tags/entity',
    summary: 'Tags of one record',
    tags,
    permission: null,
    record: { feature: 'view', capability: 'tags', of: ({ query }) => recordIn(query) },
    schemas: { query: entityRefSchema, response: z.array(tagSchema) },
    handler: (ctx, { query }) => tagsService.ofEntity(ctx, query.entityKind, query.entityId),
  });
  router.tenant({
    method: 'PUT',
    url: '/api/v1/core/tags/entity',
    summary: 'Set the tags of one record (query entityKind and entityId)',
    tags,
    permission: null,
    record: { feature: 'manage', capability: 'tags', of: ({ query }) => recordIn(query) },
    example: { tagIds: [] },
    schemas: { query: entityRefSchema, body: entityTagsSchema, response: z.array(tagSchema) },
    handler: (ctx, { query, body }) => tagsService.setOnEntity(ctx, deps, query.entityKind, query.entityId, body.tagIds),
  });
}
