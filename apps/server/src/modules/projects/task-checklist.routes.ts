import {
  checklistItemCreateSchema,
  checklistItemMoveSchema,
  checklistItemSchema,
  checklistItemUpdateSchema,
  taskEntity,
} from '@atrium/domain';
import { z } from 'zod';
import { scopedPermission, type RegisteredEntity } from '../../platform/entity';
import type { Router } from '../../platform/router';
import * as checklist from './task-checklist.service';

// A task's checklist: list, add (at the end or after an item), tick or rename, move, remove.
export function registerTaskChecklistRoutes(router: Router, task: RegisteredEntity): void {
  const base = `${taskEntity.basePath}/:id/checklist`;
  const params = z.object({ id: z.uuid() });
  const itemParams = z.object({ id: z.uuid(), itemId: z.uuid() });
  const common = { tags: ['Task'], table: task.tableName };
  router.tenant({
    ...common,
    method: 'GET',
    url: base,
    summary: "A task's checklist, in order",
    permission: scopedPermission(taskEntity, 'view'),
    readOnly: true,
    schemas: { params, response: z.array(checklistItemSchema) },
    handler: (ctx, { params }) => checklist.listItems(ctx, task, params.id),
  });
  router.tenant({
    ...common,
    method: 'POST',
    url: base,
    summary: 'Add a checklist item',
    permission: scopedPermission(taskEntity, 'manage'),
    status: 201,
    schemas: { params, body: checklistItemCreateSchema, response: checklistItemSchema },
    example: { title: 'Book the caterer' },
    handler: (ctx, { params, body }) => checklist.addItem(ctx, task, params.id, body),
  });
  router.tenant({
    ...common,
    method: 'PATCH',
    url: `${base}/:itemId`,
    summary: 'Tick, untick or rename a checklist item',
    permission: scopedPermission(taskEntity, 'manage'),
    schemas: { params: itemParams, body: checklistItemUpdateSchema, response: checklistItemSchema },
    example: { done: true },
    handler: (ctx, { params, body }) => checklist.updateItem(ctx, task, params.id, params.itemId, body),
  });
  router.tenant({
    ...common,
    method: 'PUT',
    url: `${base}/:itemId/sort-order`,
    summary: 'Move a checklist item after another (null: first)',
    permission: scopedPermission(taskEntity, 'manage'),
    schemas: { params: itemParams, body: checklistItemMoveSchema, response: checklistItemSchema },
    example: { afterId: null },
    handler: (ctx, { params, body }) => checklist.moveItem(ctx, task, params.id, params.itemId, body.afterId),
  });
  router.tenant({
    ...common,
    method: 'DELETE',
    url: `${base}/:itemId`,
    summary: 'Remove a checklist item',
    permission: scopedPermission(taskEntity, 'manage'),
    status: 204,
    schemas: { params: itemParams },
    handler: (ctx, { params }) => checklist.removeItem(ctx, task, params.id, params.itemId),
  });
}
