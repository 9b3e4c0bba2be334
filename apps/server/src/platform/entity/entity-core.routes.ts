import {
  ENTITY_DEFINITIONS,
  activityFeedSchema,
  activityQuerySchema,
  customFieldValuesQuerySchema,
  entityColumnSchema,
  entityFieldSchema,
  entityFieldsPutSchema,
  entityFieldsQuerySchema,
  globalSearchQuerySchema,
  globalSearchResultSchema,
  recentRecordsSchema,
  recordCountsSchema,
  STAGE_TYPES,
  workflowCreateSchema,
  workflowListQuerySchema,
  workflowSchema,
  workflowStageCreateSchema,
  workflowStageInputSchema,
  workflowStageMoveSchema,
  workflowStageDeleteQuerySchema,
  workflowStageSchema,
  workflowUpdateSchema,
} from '@atrium/domain';
import { z } from 'zod';
import { registerCaptions } from '../captions';
import type { Router } from '../router';
import { ACTIVITY_CAPTIONS } from './activity.captions';
import { ENTITY_CAPTIONS } from './entity.captions';
import { ENTITY_FIELD_CAPTIONS } from './entity-fields.captions';
import { GLOBAL_SEARCH_CAPTIONS } from './global-search.captions';
import { LIST_CAPTIONS } from './list.captions';
import { WORKFLOW_CAPTIONS } from './workflows.captions';
import { activityFeed } from './activity.service';
import { entityRegistry } from './entity-registry';
import { globalSearch, recentRecords, recordCounts } from './global-search.service';
import { customFieldValues, fieldsEntity, getFields, listColumns, putFields } from './entity-fields.service';
import * as workflows from './workflows.service';

const idParams = z.object({ id: z.uuid() });
const EXAMPLE_ID = '00000000-0000-4000-8000-000000000000';
// the API document's example names the first kind the domain defines with a workflow
const WORKFLOW_EXAMPLE_KIND = ENTITY_DEFINITIONS.find((d) => d.capabilities.workflowStage)?.kind ?? 'Kind';

const coreRegistered = new WeakSet<Router>();

// The shared calls every engine entity gets through its kind: entity fields, activity feed,
// workflows. Registered once, with the first entity.
export function registerEntityCoreRoutes(router: Router): void {
  if (coreRegistered.has(router)) return;
  coreRegistered.add(router);
  for (const set of [ENTITY_CAPTIONS, LIST_CAPTIONS, ENTITY_FIELD_CAPTIONS, WORKFLOW_CAPTIONS, ACTIVITY_CAPTIONS, GLOBAL_SEARCH_CAPTIONS])
    registerCaptions(set);
  const registry = entityRegistry(router);
  const tags = ['Entity fields'];

  router.tenant({
    method: 'GET',
    url: '/api/v1/core/search',
    summary: 'Search every kind of record the caller may see (Ctrl/Cmd+K): titles and search fields, a few per kind',
    tags: ['Search'],
    permission: null,
    schemas: { query: globalSearchQuerySchema, response: globalSearchResultSchema },
    handler: async (ctx, { query }) => globalSearch(ctx, registry, query),
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/recent-records',
    summary: 'The records changed last, of every kind the caller may see (the dashboard widget)',
    tags: ['Dashboard'],
    permission: null,
    readOnly: true,
    schemas: { query: z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }), response: recentRecordsSchema },
    handler: async (ctx, { query }) => recentRecords(ctx, registry, query.limit),
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/record-counts',
    summary: 'How many active records of each kind the caller may see (the dashboard)',
    tags: ['Dashboard'],
    permission: null,
    readOnly: true,
    schemas: { response: recordCountsSchema },
    handler: async (ctx) => recordCounts(ctx, registry),
  });

  router.tenant({
    method: 'GET',
    url: '/api/v1/core/entity-fields',
    summary: 'Custom field definitions of an entity kind (and type)',
    tags,
    permission: null,
    schemas: { query: entityFieldsQuerySchema, response: z.array(entityFieldSchema) },
    handler: async (ctx, { query }) =>
      getFields(ctx, fieldsEntity(registry, query.entity, ctx, 'view'), query.all ? 'all' : { only: query.typeId ?? null }),
  });

  router.tenant({
    method: 'PUT',
    url: '/api/v1/core/entity-fields',
    summary: 'Replace the ordered custom field definitions of an entity kind (and type)',
    tags,
    permission: null,
    schemas: { query: entityFieldsQuerySchema, body: entityFieldsPutSchema, response: z.array(entityFieldSchema) },
    example: { fields: [{ kind: 'singleLine', label: 'Customer number', key: 'customerNumber', dataType: 'text' }] },
    handler: async (ctx, { query, body }) => putFields(ctx, fieldsEntity(registry, query.entity, ctx, 'settings'), query.typeId, body),
  });

  router.tenant({
    method: 'GET',
    url: '/api/v1/core/entity-fields/columns',
    summary: 'List columns of an entity kind, built-in and custom',
    tags,
    permission: null,
    schemas: { query: z.object({ entity: z.string().min(1).max(40) }), response: z.array(entityColumnSchema) },
    handler: async (ctx, { query }) => listColumns(ctx, fieldsEntity(registry, query.entity, ctx, 'view')),
  });

  router.tenant({
    method: 'GET',
    url: '/api/v1/core/custom-field-values',
    summary: 'Custom field values of one record',
    tags,
    permission: null,
    schemas: {
      query: customFieldValuesQuerySchema,
      response: z.object({ id: z.uuid(), customFields: z.record(z.string(), z.unknown()), fields: z.array(entityFieldSchema) }),
    },
    handler: async (ctx, { query }) => customFieldValues(ctx, fieldsEntity(registry, query.entity, ctx, 'view'), query.id),
  });

  for (const version of ['v1', 'v2']) {
    router.tenant({
      method: 'GET',
      url: `/api/${version}/core/activity`,
      summary: 'Activity feed of one record, with a count per feed type',
      tags: ['Activity'],
      permission: null,
      record: { feature: 'timeline', of: ({ query }) => ({ kind: query.target, id: query.targetId }) },
      schemas: { query: activityQuerySchema, response: activityFeedSchema },
      handler: async (ctx, { query }) => activityFeed(ctx, registry, query),
    });
  }

  const wtags = ['Workflows'];
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/workflows',
    summary: 'Workflows (pipelines) of an entity kind and type, with their ordered stages',
    tags: wtags,
    permission: null,
    schemas: { query: workflowListQuerySchema, response: z.array(workflowSchema) },
    handler: async (ctx, { query }) => workflows.listWorkflows(ctx, registry, query),
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/workflows/stage-types',
    summary: 'Stage types',
    tags: wtags,
    permission: null,
    readOnly: true,
    schemas: { response: z.array(z.enum(STAGE_TYPES)) },
    handler: async () => [...STAGE_TYPES],
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/workflows/default-stages',
    summary: 'Stages a new workflow of an entity kind starts with',
    tags: wtags,
    permission: null,
    readOnly: true,
    schemas: { query: z.object({ entity: z.string().min(1).max(40) }), response: z.array(workflowStageInputSchema) },
    handler: async (ctx, { query }) => [...(await workflows.workflowEntity(registry, query.entity, false, ctx)).definition.defaultStages],
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/workflows',
    summary: 'Create a workflow; without stages it gets the default stages',
    tags: wtags,
    permission: null,
    status: 201,
    schemas: { body: workflowCreateSchema, response: workflowSchema },
    example: { entity: WORKFLOW_EXAMPLE_KIND, name: 'Lifecycle' },
    handler: async (ctx, { body }) => workflows.createWorkflow(ctx, registry, body),
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/workflows/:id',
    summary: 'Get a workflow',
    tags: wtags,
    permission: null,
    table: 'workflows',
    schemas: { params: idParams, response: workflowSchema },
    handler: async (ctx, { params }) => workflows.getWorkflow(ctx, registry, params.id),
  });
  router.tenant({
    method: 'PUT',
    url: '/api/v1/core/workflows/:id',
    summary: 'Rename a workflow or make it the default',
    tags: wtags,
    permission: null,
    table: 'workflows',
    schemas: { params: idParams, body: workflowUpdateSchema, response: workflowSchema },
    example: { name: 'Lifecycle', isDefault: false },
    handler: async (ctx, { params, body }) => workflows.updateWorkflow(ctx, registry, params.id, body),
  });
  router.tenant({
    method: 'DELETE',
    url: '/api/v1/core/workflows/:id',
    summary: 'Delete a workflow (not the default one, not one in use)',
    tags: wtags,
    permission: null,
    table: 'workflows',
    status: 204,
    schemas: { params: idParams },
    handler: async (ctx, { params }) => workflows.deleteWorkflow(ctx, registry, params.id),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/workflow-stages',
    summary: 'Add a stage to a workflow',
    tags: wtags,
    permission: null,
    status: 201,
    schemas: { body: workflowStageCreateSchema, response: workflowStageSchema },
    example: { workflowId: EXAMPLE_ID, name: 'Qualified' },
    handler: async (ctx, { body }) => workflows.createStage(ctx, registry, body),
  });
  router.tenant({
    method: 'PUT',
    url: '/api/v1/core/workflow-stages/:id',
    summary: 'Rename or recolour a stage',
    tags: wtags,
    permission: null,
    table: 'workflow_stages',
    schemas: { params: idParams, body: workflowStageInputSchema, response: workflowStageSchema },
    example: { name: 'Qualified', stageType: 'InProgress', color: '#1677ff' },
    handler: async (ctx, { params, body }) => workflows.updateStage(ctx, registry, params.id, body),
  });
  router.tenant({
    method: 'PUT',
    url: '/api/v1/core/workflow-stages/:id/sort-order',
    summary: 'Move a stage between two others (writes only the moved stage)',
    tags: wtags,
    permission: null,
    table: 'workflow_stages',
    schemas: { params: idParams, body: workflowStageMoveSchema, response: workflowStageSchema },
    example: { afterId: null },
    handler: async (ctx, { params, body }) => workflows.moveStage(ctx, registry, params.id, body),
  });
  router.tenant({
    method: 'DELETE',
    url: '/api/v1/core/workflow-stages/:id',
    summary: 'Delete a stage (a workflow keeps its minimum number of stages); records in it move to moveTo',
    tags: wtags,
    permission: null,
    table: 'workflow_stages',
    status: 204,
    schemas: { params: idParams, query: workflowStageDeleteQuerySchema },
    handler: async (ctx, { params, query }) => workflows.deleteStage(ctx, registry, params.id, query),
  });
}
