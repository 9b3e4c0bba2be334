import {
  activityFeedSchema,
  activityQuerySchema,
  customFieldValuesQuerySchema,
  entityColumnSchema,
  entityFieldSchema,
  entityFieldsPutSchema,
  entityFieldsQuerySchema,
  entityListQuerySchema,
  idListSchema,
  jsonPatchSchema,
  pagedResponse,
  workflowCreateSchema,
  workflowListQuerySchema,
  workflowSchema,
  workflowStageCreateSchema,
  workflowStageInputSchema,
  workflowStageMoveSchema,
  workflowStageSchema,
  workflowUpdateSchema,
  STAGE_TYPES,
  defaultStagesFor,
  type EntityDefinition,
  type EntityKind,
  type JsonPatchOperation,
} from '@atrium/domain';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Router } from '../router';
import { activityFeed } from './activity.service';
import { bindEntity, entityRegistry, type EntityHooks, type EntityRow, type RegisteredEntity } from './entity-registry';
import { customFieldValues, fieldsEntity, getFields, listColumns, putFields } from './entity-fields.service';
import * as service from './entity.service';
import { etagOf } from './etag';
import { claimIdempotencyKey, idempotencyKeyOf, storeIdempotentAnswer } from './idempotency';
import * as workflows from './workflows.service';

export type RegisterEntityOptions = {
  table: PgTable;
  hooks?: EntityHooks;
  // a valid create/PUT body, for the API docs and the generic guards
  example: Record<string, unknown>;
  // a valid JSON Patch, likewise
  patchExample: JsonPatchOperation[];
  tag: string;
};

const idParams = z.object({ id: z.uuid() });
const archiveResult = z.object({ ids: z.array(z.uuid()) });
const EXAMPLE_ID = '00000000-0000-4000-8000-000000000000';

// One definition → the standard calls of ARCHITECTURE §5: list, create, get, PUT, PATCH,
// DELETE, archive, unarchive and the entity's field columns.
export function registerEntity(router: Router, definition: EntityDefinition, options: RegisterEntityOptions): RegisteredEntity {
  const ent = bindEntity(definition, options.table, options.hooks);
  entityRegistry(router).set(definition.kind, ent);
  registerEntityCoreRoutes(router);
  const { basePath: base, permissions: p, schemas, label } = definition;
  const tags = [options.tag];
  const row = schemas.row;
  const table = ent.tableName;
  const scope = `${definition.kind}:create`;

  router.tenant({
    method: 'POST',
    url: `${base}/list`,
    summary: `List ${label.plural.toLowerCase()}`,
    tags,
    permission: p.view,
    schemas: { body: entityListQuerySchema, response: pagedResponse(row) },
    example: { page: 1, pageSize: 25, search: '', filters: [], sort: [] },
    handler: async (ctx, { body }) => service.listEntities(ctx, ent, body),
  });

  router.tenant({
    method: 'POST',
    url: base,
    summary: `Create a ${label.singular.toLowerCase()} (Idempotency-Key supported)`,
    tags,
    permission: p.create,
    status: 201,
    schemas: { body: schemas.create, response: row },
    example: options.example,
    handler: async (ctx, { body, request, reply }) => {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      if (key) {
        const stored = await claimIdempotencyKey(ctx, scope, key, body);
        if (stored) {
          for (const [h, v] of Object.entries(stored.headers)) reply.header(h, v);
          reply.header('idempotent-replayed', 'true');
          return stored.body as EntityRow;
        }
      }
      const created = await service.createEntity(ctx, ent, body as EntityRow);
      const etag = etagOf(Number(created.version));
      reply.header('etag', etag);
      if (key) await storeIdempotentAnswer(ctx, scope, key, { status: 201, body: created, headers: { etag } });
      return created;
    },
  });

  router.tenant({
    method: 'GET',
    url: `${base}/entity-field-columns`,
    summary: `Columns of the ${label.plural.toLowerCase()} list, built-in and custom`,
    tags,
    permission: p.view,
    schemas: { response: z.array(entityColumnSchema) },
    handler: async (ctx) => listColumns(ctx, ent),
  });

  router.tenant({
    method: 'GET',
    url: `${base}/:id`,
    summary: `Get a ${label.singular.toLowerCase()} (ETag)`,
    tags,
    permission: p.view,
    table,
    schemas: { params: idParams, response: row },
    handler: async (ctx, { params, reply }) => {
      const found = await service.getEntity(ctx, ent, params.id);
      reply.header('etag', etagOf(Number(found.version)));
      return found;
    },
  });

  router.tenant({
    method: 'PUT',
    url: `${base}/:id`,
    summary: `Replace a ${label.singular.toLowerCase()} (If-Match required)`,
    tags,
    permission: p.manage,
    table,
    schemas: { params: idParams, body: schemas.update, response: row },
    example: options.example,
    handler: async (ctx, { params, body, request, reply }) => {
      const updated = await service.updateEntity(ctx, ent, params.id, body as EntityRow, request.headers['if-match']);
      reply.header('etag', etagOf(Number(updated.version)));
      return updated;
    },
  });

  router.tenant({
    method: 'PATCH',
    url: `${base}/:id`,
    summary: `Change a ${label.singular.toLowerCase()} with JSON Patch, RFC 6902 (If-Match required)`,
    tags,
    permission: p.manage,
    table,
    consumes: ['application/json-patch+json', 'application/json'],
    schemas: { params: idParams, body: jsonPatchSchema, response: row },
    example: options.patchExample,
    handler: async (ctx, { params, body, request, reply }) => {
      const updated = await service.patchEntity(ctx, ent, params.id, body, request.headers['if-match']);
      reply.header('etag', etagOf(Number(updated.version)));
      return updated;
    },
  });

  router.tenant({
    method: 'DELETE',
    url: `${base}/:id`,
    summary: `Delete a ${label.singular.toLowerCase()} (If-Match honoured when sent)`,
    tags,
    permission: p.manage,
    table,
    status: 204,
    schemas: { params: idParams },
    handler: async (ctx, { params, request }) => service.deleteEntity(ctx, ent, params.id, request.headers['if-match']),
  });

  if (definition.capabilities.archive) {
    for (const archived of [true, false]) {
      router.tenant({
        method: 'POST',
        url: `${base}/${archived ? 'archive' : 'unarchive'}`,
        summary: `${archived ? 'Archive' : 'Restore'} ${label.plural.toLowerCase()}`,
        tags,
        permission: p.manage,
        schemas: { body: idListSchema, response: archiveResult },
        example: { ids: [EXAMPLE_ID] },
        handler: async (ctx, { body }) => service.setEntitiesArchived(ctx, ent, body.ids, archived),
      });
    }
  }
  return ent;
}

const coreRegistered = new WeakSet<Router>();

// The shared calls every engine entity gets through its kind: entity fields, activity feed,
// workflows. Registered once, with the first entity.
export function registerEntityCoreRoutes(router: Router): void {
  if (coreRegistered.has(router)) return;
  coreRegistered.add(router);
  const registry = entityRegistry(router) as ReadonlyMap<string, RegisteredEntity>;
  const tags = ['Entity fields'];

  router.tenant({
    method: 'GET',
    url: '/api/v1/core/entity-fields',
    summary: 'Custom field definitions of an entity kind (and type)',
    tags,
    permission: null,
    schemas: { query: entityFieldsQuerySchema, response: z.array(entityFieldSchema) },
    handler: async (ctx, { query }) => getFields(ctx, fieldsEntity(registry, query.entity, ctx, 'view'), query.typeId),
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
    handler: async (ctx, { query }) => workflows.listWorkflows(ctx, registry, query.entity, query.typeId),
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/workflows/stage-types',
    summary: 'Stage types',
    tags: wtags,
    permission: null,
    schemas: { response: z.array(z.enum(STAGE_TYPES)) },
    handler: async () => [...STAGE_TYPES],
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/workflows/default-stages',
    summary: 'Stages a new workflow of an entity kind starts with',
    tags: wtags,
    permission: null,
    schemas: { query: z.object({ entity: z.string().min(1).max(40) }), response: z.array(workflowStageInputSchema) },
    handler: async (ctx, { query }) => [
      ...defaultStagesFor(workflows.workflowEntity(registry, query.entity, false, ctx).definition.kind as EntityKind),
    ],
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/workflows',
    summary: 'Create a workflow; without stages it gets the default stages',
    tags: wtags,
    permission: null,
    status: 201,
    schemas: { body: workflowCreateSchema, response: workflowSchema },
    example: { entity: 'Contact', name: 'Lifecycle' },
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
    summary: 'Delete a stage (a workflow keeps its minimum number of stages)',
    tags: wtags,
    permission: null,
    table: 'workflow_stages',
    status: 204,
    schemas: { params: idParams },
    handler: async (ctx, { params }) => workflows.deleteStage(ctx, registry, params.id),
  });
}
