import {
  advancedFieldFiltersSchema,
  advancedFieldIdSchema,
  advancedFieldSchema,
  advancedFieldsRequestSchema,
  cultureSchema,
  lookupOptionSchema,
  lookupRequestSchema,
  lookupResponseSchema,
  visibilityConfigSchema,
} from '@atrium/domain';
import { z } from 'zod';
import type { Router } from '../../platform/router';
import * as lookupsService from './lookups.service';
import { cultures, timeZones } from './lookups.service';
import type { SharedRecordDeps } from './shared-records.access';

// Shapes: docs/decisions/021-lookups.md. Time zones and cultures are the same for everyone and
// feed the profile, which a user without a workspace has too: they need a session, no workspace
// (issue 12, defect 5).
export function registerLookupRoutes(router: Router, deps: SharedRecordDeps): void {
  const tags = ['lookups'];
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/lookups',
    summary: 'Options of several lookups at once, keyed by lookup name',
    tags,
    permission: null,
    example: { entities: ['User', 'Tag'], ids: [], selectedIds: [] },
    schemas: { body: lookupRequestSchema, response: lookupResponseSchema },
    handler: (ctx, { body }) => lookupsService.list(ctx, deps, body),
  });
  router.user({
    method: 'GET',
    url: '/api/v1/core/lookups/time-zones',
    summary: 'IANA time zones',
    tags,
    schemas: { response: z.array(lookupOptionSchema) },
    handler: async () => timeZones(),
  });
  router.user({
    method: 'POST',
    url: '/api/v1/core/lookups/cultures',
    summary: 'Cultures (language and region) the app formats for',
    tags,
    example: {},
    schemas: { body: z.strictObject({}), response: z.array(cultureSchema) },
    handler: async () => cultures(),
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/lookups/visibility',
    summary: 'Internal and external visibility options',
    tags,
    permission: null,
    schemas: { response: visibilityConfigSchema },
    handler: async () => lookupsService.visibility(),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/lookups/advanced-fields',
    summary: 'Filterable fields of an entity kind, built-in and custom (Plan.AdvancedFields)',
    tags,
    permission: null,
    example: { entityKind: 'Contact' },
    schemas: { body: advancedFieldsRequestSchema, response: z.array(advancedFieldSchema) },
    handler: (ctx, { body }) => lookupsService.advancedFields(ctx, deps, body.entityKind),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/lookups/advanced-fields/filters',
    summary: 'Filter operators of an advanced field, by id',
    tags,
    permission: null,
    example: { id: 'Contact:email' },
    schemas: { body: advancedFieldIdSchema, response: advancedFieldFiltersSchema },
    handler: (ctx, { body }) => lookupsService.filters(ctx, deps, body.id),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/lookups/advanced-fields/options',
    summary: 'Options of an advanced field, by id',
    tags,
    permission: null,
    example: { id: 'Contact:email' },
    schemas: { body: advancedFieldIdSchema, response: z.array(lookupOptionSchema) },
    handler: (ctx, { body }) => lookupsService.options(ctx, deps, body.id),
  });
}
