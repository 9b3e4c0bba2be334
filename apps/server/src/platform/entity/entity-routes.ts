import {
  boardMoveSchema,
  boardTotalsQuerySchema,
  boardTotalsSchema,
  entityListQuerySchema,
  groupableFields,
  listGroupsQuerySchema,
  listGroupsSchema,
  entityTypeInputSchema,
  entityTypeListSchema,
  entityTypeSchema,
  entityFieldSchema,
  entityFieldsPutSchema,
  entityColumnSchema,
  idListSchema,
  jsonPatchSchema,
  pagedResponse,
  recycleBinEntrySchema,
  recycleBinQuerySchema,
  ENTITY_DEFINITIONS,
  RECYCLE_BIN_DAYS,
  type EntityDefinition,
  type EntityKind,
  type JsonPatchOperation,
} from '@atrium/domain';
import { z } from 'zod';
import type { Router } from '../router';
import { registerEntityCoreRoutes } from './entity-core.routes';
import { registerMergeRoutes } from './entity-merge.routes';
import { boardTotals } from './entity-board.service';
import { listGroups } from './entity-groups.service';
import {
  bindEntity,
  entityRegistry,
  type DbTable,
  type EntityHooks,
  type EntityRow,
  type RegisteredEntity,
  type RowVisibility,
} from './entity-registry';
import { listColumns } from './entity-fields.service';
import * as service from './entity.service';
import * as types from './entity-types.service';
import * as extras from './entity-relations.service';
import { etagOf } from './etag';
import { scopedPermission } from './role-scope';
import { createOnce } from './idempotency';

export type RegisterEntityOptions = {
  table: DbTable;
  hooks?: EntityHooks;
  visibility?: RowVisibility;
  // join tables of the definition's many-to-many relations
  relations?: Record<string, DbTable>;
  // a valid create/PUT body, for the API docs and the generic guards
  example: Record<string, unknown>;
  // a valid JSON Patch, likewise
  patchExample: JsonPatchOperation[];
};

const idParams = z.object({ id: z.uuid() });
// the generic calls write as the caller: a permission of theirs may come from a role (role-scope.ts)
const asCaller = { asCaller: true };
const idsResult = z.object({ ids: z.array(z.uuid()) });
export const EXAMPLE_ID = '00000000-0000-4000-8000-000000000000';

function definitionOf(kind: EntityKind): EntityDefinition {
  const found = ENTITY_DEFINITIONS.find((d) => d.kind === kind);
  if (!found) throw new Error(`${kind} has no definition`);
  return found;
}

// "Organization" → organization / organizations, for the API docs.
export function kindWords(kind: EntityKind): { one: string; many: string } {
  const one = kind.replace(/[A-Z]/g, (c, i: number) => (i > 0 ? ` ${c.toLowerCase()}` : c.toLowerCase()));
  return { one, many: one.endsWith('y') ? `${one.slice(0, -1)}ies` : `${one}s` };
}

// Routes other parts of the product add for every kind (e.g. the shared records' documents by
// record id); they run for kinds registered before and after they are provided.
type EntityRouteProvider = (router: Router, ent: RegisteredEntity) => void;
const providers = new WeakMap<Router, EntityRouteProvider[]>();
export function provideEntityRoutes(router: Router, provider: EntityRouteProvider): void {
  const list = providers.get(router) ?? [];
  list.push(provider);
  providers.set(router, list);
  for (const ent of entityRegistry(router).values()) provider(router, ent);
}

// One definition → the standard calls of ARCHITECTURE §5 (list, create, get, PUT, PATCH,
// DELETE, archive, unarchive, field columns) and what the definition declares: relations,
// a hierarchy, record types.
export function registerEntity(router: Router, definition: EntityDefinition, options: RegisterEntityOptions): RegisteredEntity {
  const registry = entityRegistry(router);
  const ent = bindEntity(definition, options.table, registry, {
    ...(options.hooks ? { hooks: options.hooks } : {}),
    ...(options.visibility ? { visibility: options.visibility } : {}),
    ...(options.relations ? { relations: options.relations } : {}),
  });
  registry.set(definition.kind, ent);
  registerEntityCoreRoutes(router);
  const { basePath: base, permissions: p, schemas } = definition;
  const { one, many } = kindWords(definition.kind);
  const tags = [definition.kind];
  const row = schemas.row;
  const table = ent.tableName;
  const scope = `${definition.kind}:create`;

  router.tenant({
    method: 'POST',
    url: `${base}/list`,
    summary: `List ${many}`,
    tags,
    permission: scopedPermission(definition, 'view'),
    readOnly: true,
    schemas: { body: entityListQuerySchema, response: pagedResponse(row) },
    example: { page: 1, pageSize: 25, search: '', filters: [], sort: [] },
    handler: async (ctx, { body }) => service.listEntities(ctx, ent, body),
  });

  const groupable = groupableFields(definition);
  if (groupable.length > 0)
    router.tenant({
      method: 'POST',
      url: `${base}/groups`,
      summary: `Count ${many} per value of one field (stage, option, linked record, user, date group) under the list's search and filters`,
      tags,
      permission: scopedPermission(definition, 'view'),
      readOnly: true,
      schemas: { body: listGroupsQuerySchema, response: listGroupsSchema },
      example: { by: groupable[0], filters: [] },
      handler: async (ctx, { body }) => listGroups(ctx, ent, body),
    });

  router.tenant({
    method: 'POST',
    url: base,
    summary: `Create a ${one} (Idempotency-Key supported)`,
    tags,
    permission: scopedPermission(definition, 'create'),
    status: 201,
    schemas: { body: schemas.create, response: row },
    example: options.example,
    etag: true,
    idempotencyKey: true,
    handler: (ctx, input) =>
      createOnce(ctx, scope, input, async () => {
        const created = await service.createEntity(ctx, ent, input.body as EntityRow, asCaller);
        return { body: created, headers: { etag: etagOf(Number(created.version)) } };
      }),
  });

  router.tenant({
    method: 'GET',
    url: `${base}/entity-field-columns`,
    summary: `Columns of the ${many} list, built-in and custom`,
    tags,
    permission: scopedPermission(definition, 'view'),
    schemas: { response: z.array(entityColumnSchema) },
    handler: async (ctx) => listColumns(ctx, ent),
  });

  router.tenant({
    method: 'GET',
    url: `${base}/:id`,
    summary: `Get a ${one} (ETag)`,
    tags,
    permission: scopedPermission(definition, 'view'),
    readOnly: true,
    table,
    schemas: { params: idParams, response: row },
    etag: true,
    handler: async (ctx, { params, reply }) => {
      const found = await service.getEntity(ctx, ent, params.id);
      reply.header('etag', etagOf(Number(found.version)));
      return found;
    },
  });

  router.tenant({
    method: 'PUT',
    url: `${base}/:id`,
    summary: `Replace a ${one} (If-Match required)`,
    tags,
    permission: scopedPermission(definition, 'manage'),
    table,
    schemas: { params: idParams, body: schemas.update, response: row },
    example: options.example,
    etag: true,
    ifMatch: 'required',
    handler: async (ctx, { params, body, request, reply }) => {
      const updated = await service.updateEntity(ctx, ent, params.id, body as EntityRow, request.headers['if-match'], asCaller);
      reply.header('etag', etagOf(Number(updated.version)));
      return updated;
    },
  });

  router.tenant({
    method: 'PATCH',
    url: `${base}/:id`,
    summary: `Change a ${one} with JSON Patch, RFC 6902 (If-Match required)`,
    tags,
    permission: scopedPermission(definition, 'manage'),
    table,
    consumes: ['application/json-patch+json', 'application/json'],
    schemas: { params: idParams, body: jsonPatchSchema, response: row },
    example: options.patchExample,
    etag: true,
    ifMatch: 'required',
    handler: async (ctx, { params, body, request, reply }) => {
      const updated = await service.patchEntity(ctx, ent, params.id, body, request.headers['if-match'], asCaller);
      reply.header('etag', etagOf(Number(updated.version)));
      return updated;
    },
  });

  router.tenant({
    method: 'DELETE',
    url: `${base}/:id`,
    summary: `Move a ${one} to the recycle bin; purged with its notes, documents, tags and links after ${RECYCLE_BIN_DAYS} days (If-Match honoured when sent)`,
    tags,
    permission: scopedPermission(definition, 'delete'),
    table,
    status: 204,
    schemas: { params: idParams },
    ifMatch: 'optional',
    handler: async (ctx, { params, request }) => service.deleteEntity(ctx, ent, params.id, request.headers['if-match'], asCaller),
  });

  // The recycle bin (decision 086): deleted records, their restore and their purge.
  router.tenant({
    method: 'GET',
    url: `${base}/recycle-bin`,
    summary: `Deleted ${many} in the recycle bin, newest first, with who deleted them`,
    tags,
    permission: scopedPermission(definition, 'delete'),
    schemas: { query: recycleBinQuerySchema, response: pagedResponse(recycleBinEntrySchema) },
    handler: async (ctx, { query }) => service.listRecycleBin(ctx, ent, query),
  });
  for (const restoring of [true, false]) {
    router.tenant({
      method: 'POST',
      url: `${base}/${restoring ? 'restore' : 'purge'}`,
      summary: restoring
        ? `Restore ${many} from the recycle bin with their notes, documents, tags and links`
        : `Delete ${many} in the recycle bin permanently, with their notes, documents, tags and links`,
      tags,
      permission: scopedPermission(definition, 'delete'),
      schemas: { body: idListSchema, response: idsResult },
      example: { ids: [EXAMPLE_ID] },
      handler: async (ctx, { body }) => (restoring ? service.restoreEntities : service.purgeEntities)(ctx, ent, body.ids),
    });
  }

  if (definition.capabilities.archive) {
    for (const archived of [true, false]) {
      router.tenant({
        method: 'POST',
        url: `${base}/${archived ? 'archive' : 'unarchive'}`,
        summary: `${archived ? 'Archive' : 'Restore'} ${many}`,
        tags,
        permission: scopedPermission(definition, 'manage'),
        schemas: { body: idListSchema, response: idsResult },
        example: { ids: [EXAMPLE_ID] },
        handler: async (ctx, { body }) => service.setEntitiesArchived(ctx, ent, body.ids, archived),
      });
    }
  }

  for (const [name, rel] of Object.entries(definition.relations)) {
    router.tenant({
      method: 'POST',
      url: `${base}/:id/${rel.path}`,
      summary: `List the ${kindWords(rel.target).many} of a ${one}`,
      tags,
      permission: scopedPermission(definition, 'view'),
      table,
      schemas: { params: idParams, body: entityListQuerySchema, response: pagedResponse(definitionOf(rel.target).schemas.row) },
      example: { page: 1, pageSize: 25 },
      handler: async (ctx, { params, body }) => extras.listRelated(ctx, ent, name, params.id, body),
    });
    for (const linking of [true, false]) {
      router.tenant({
        method: 'POST',
        url: `${base}/:id/${rel.path}/${linking ? 'link' : 'unlink'}`,
        summary: `${linking ? 'Link' : 'Unlink'} ${kindWords(rel.target).many} ${linking ? 'to' : 'from'} a ${one}`,
        tags,
        permission: p.manage,
        table,
        schemas: { params: idParams, body: idListSchema, response: idsResult },
        example: { ids: [EXAMPLE_ID] },
        handler: async (ctx, { params, body }) => extras.setLinked(ctx, ent, name, params.id, body.ids, linking),
      });
    }
    // the other record's id is named after its kind (/teams/{id}/contacts/{contactId})
    const otherId = `${rel.target.charAt(0).toLowerCase()}${rel.target.slice(1)}Id`;
    router.tenant({
      method: 'DELETE',
      url: `${base}/:id/${rel.path}/:${otherId}`,
      summary: `Unlink one ${kindWords(rel.target).one} from a ${one}`,
      tags,
      permission: p.manage,
      table,
      status: 204,
      schemas: { params: z.object({ id: z.uuid(), [otherId]: z.uuid() }) },
      handler: async (ctx, { params }) => {
        const ids = params as Record<string, string>;
        await extras.setLinked(ctx, ent, name, ids.id as string, [ids[otherId] as string], false, true);
      },
    });
  }

  if (definition.hierarchy) {
    router.tenant({
      method: 'GET',
      url: `${base}/:id/hierarchy`,
      summary: `The tree of ${many} a ${one} belongs to, from its top ancestor down`,
      tags,
      permission: scopedPermission(definition, 'view'),
      table,
      schemas: { params: idParams, response: extras.hierarchySchema },
      handler: async (ctx, { params }) => extras.hierarchy(ctx, ent, params.id),
    });
  }

  if (definition.types) registerTypeRoutes(router, ent);
  if (definition.duplicates.length > 0) registerMergeRoutes(router, ent, { one, many });
  if (definition.capabilities.workflowStage) {
    router.tenant({
      method: 'PUT',
      url: `${base}/:id/board-position`,
      summary: `Move a ${one} on the board: into a stage, above another card or to the column's end (If-Match required)`,
      tags,
      permission: scopedPermission(definition, 'manage'),
      table,
      schemas: { params: idParams, body: boardMoveSchema, response: row },
      example: { workflowStage: EXAMPLE_ID },
      etag: true,
      ifMatch: 'required',
      handler: async (ctx, { params, body, request, reply }) => {
        const moved = await service.moveOnBoard(ctx, ent, params.id, body, request.headers['if-match'], asCaller);
        reply.header('etag', etagOf(Number(moved.version)));
        return moved;
      },
    });
  }
  if (definition.board) {
    router.tenant({
      method: 'POST',
      url: `${base}/board-totals`,
      summary: `The board's column totals of ${many}: count and sum of ${definition.board.sum} per stage of a workflow, under the list's filters`,
      tags,
      permission: scopedPermission(definition, 'view'),
      schemas: { body: boardTotalsQuerySchema, response: boardTotalsSchema },
      example: { workflowId: EXAMPLE_ID },
      handler: async (ctx, { body }) => boardTotals(ctx, ent, body),
    });
  }
  for (const provider of providers.get(router) ?? []) provider(router, ent);
  return ent;
}

// The record types of a kind (the spec's contact types: list, create, get, PUT, DELETE, fields).
function registerTypeRoutes(router: Router, ent: RegisteredEntity): void {
  const { definition } = ent;
  const base = definition.types?.basePath ?? '';
  const p = definition.permissions;
  // read by whoever sees records of the kind, also through a role (the service checks which)
  const view = scopedPermission(definition, 'view');
  const one = `${kindWords(definition.kind).one} type`;
  const tags = [`${definition.kind}Type`];
  const table = 'entity_types';
  router.tenant({
    method: 'POST',
    url: `${base}/list`,
    summary: `List ${one}s with their record counts`,
    tags,
    permission: view,
    schemas: { body: entityTypeListSchema, response: pagedResponse(entityTypeSchema) },
    example: { page: 1, pageSize: 25 },
    handler: async (ctx, { body }) => types.list(ctx, ent, body),
  });
  router.tenant({
    method: 'POST',
    url: base,
    summary: `Create a ${one}`,
    tags,
    permission: p.settings,
    status: 201,
    schemas: { body: entityTypeInputSchema, response: entityTypeSchema },
    example: { name: 'Supplier', description: 'Companies we buy from' },
    handler: async (ctx, { body }) => types.create(ctx, ent, body),
  });
  router.tenant({
    method: 'GET',
    url: `${base}/:id`,
    summary: `Get a ${one}`,
    tags,
    permission: view,
    table,
    schemas: { params: idParams, response: entityTypeSchema },
    handler: async (ctx, { params }) => types.get(ctx, ent, params.id),
  });
  router.tenant({
    method: 'PUT',
    url: `${base}/:id`,
    summary: `Rename or describe a ${one}`,
    tags,
    permission: p.settings,
    table,
    schemas: { params: idParams, body: entityTypeInputSchema, response: entityTypeSchema },
    example: { name: 'Supplier', description: null },
    handler: async (ctx, { params, body }) => types.update(ctx, ent, params.id, body),
  });
  router.tenant({
    method: 'DELETE',
    url: `${base}/:id`,
    summary: `Delete a ${one} that no record has (with its fields)`,
    tags,
    permission: p.settings,
    table,
    status: 204,
    schemas: { params: idParams },
    handler: async (ctx, { params }) => types.remove(ctx, ent, params.id),
  });
  router.tenant({
    method: 'GET',
    url: `${base}/:id/fields`,
    summary: `The custom fields of a ${one} (besides the common ones)`,
    tags,
    permission: view,
    table,
    schemas: { params: idParams, response: z.array(entityFieldSchema) },
    handler: async (ctx, { params }) => types.getFields(ctx, ent, params.id),
  });
  router.tenant({
    method: 'PUT',
    url: `${base}/:id/fields`,
    summary: `Replace the ordered custom fields of a ${one}`,
    tags,
    permission: p.settings,
    table,
    schemas: { params: idParams, body: entityFieldsPutSchema, response: z.array(entityFieldSchema) },
    example: { fields: [{ kind: 'singleLine', label: 'Supplier number', key: 'supplierNumber', dataType: 'text' }] },
    handler: async (ctx, { params, body }) => types.putFields(ctx, ent, params.id, body),
  });
}
