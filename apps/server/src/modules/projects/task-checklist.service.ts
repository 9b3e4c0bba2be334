import { CHECKLIST_MAX_ITEMS, type ChecklistItem, type ChecklistItemCreate, type ChecklistItemUpdate } from '@atrium/domain';
import { generateKeyBetween } from 'fractional-indexing';
import type { TenantContext } from '../../platform/context';
import { requireRecord, type RegisteredEntity } from '../../platform/entity';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { publishRecordEvent } from '../../platform/events/live-events.service';
import * as repo from './task-checklist.repository';

// A task's checklist: as visible as the task, changed by whoever may change the task. Every
// change tells open pages of the task (a record event), so a checklist ticked in one browser
// ticks in the others.

const visibleTask = (ctx: TenantContext, task: RegisteredEntity, id: string, feature: 'view' | 'manage') =>
  requireRecord(ctx, task.registry, { kind: task.definition.kind, id }, feature);

const changed = (ctx: TenantContext, task: RegisteredEntity, id: string) =>
  publishRecordEvent(ctx, { kind: task.definition.kind, id, version: null, action: 'updated' });

// the key that puts an item after `afterId` (null: first; undefined: last), among the others
function keyAfter(items: readonly ChecklistItem[], afterId: string | null | undefined, moving?: string): string {
  const others = items.filter((i) => i.id !== moving);
  if (afterId === undefined) return generateKeyBetween(others.at(-1)?.sortOrder ?? null, null);
  if (afterId === null) return generateKeyBetween(null, others[0]?.sortOrder ?? null);
  const at = others.findIndex((i) => i.id === afterId);
  if (at < 0) throw fieldError('afterId', 'notFound', 'afterId names no item of this checklist');
  return generateKeyBetween(others[at]?.sortOrder ?? null, others[at + 1]?.sortOrder ?? null);
}

export async function listItems(ctx: TenantContext, task: RegisteredEntity, taskId: string): Promise<ChecklistItem[]> {
  await visibleTask(ctx, task, taskId, 'view');
  return repo.itemsOf(ctx, taskId);
}

export async function addItem(
  ctx: TenantContext,
  task: RegisteredEntity,
  taskId: string,
  body: ChecklistItemCreate,
): Promise<ChecklistItem> {
  await visibleTask(ctx, task, taskId, 'manage');
  const items = await repo.itemsOf(ctx, taskId, true);
  if (items.length >= CHECKLIST_MAX_ITEMS)
    throw new AppError(409, 'maxItems', `A checklist has at most ${CHECKLIST_MAX_ITEMS} items`, [
      { field: 'title', code: 'maxItems', message: `A checklist has at most ${CHECKLIST_MAX_ITEMS} items` },
    ]);
  const item = await repo.insertItem(ctx, taskId, body.title, keyAfter(items, body.afterId));
  await changed(ctx, task, taskId);
  return item;
}

export async function updateItem(
  ctx: TenantContext,
  task: RegisteredEntity,
  taskId: string,
  id: string,
  body: ChecklistItemUpdate,
): Promise<ChecklistItem> {
  await visibleTask(ctx, task, taskId, 'manage');
  const item = await repo.updateItem(ctx, taskId, id, body);
  if (!item) throw notFound('Checklist item');
  await changed(ctx, task, taskId);
  return item;
}

export async function moveItem(ctx: TenantContext, task: RegisteredEntity, taskId: string, id: string, afterId: string | null) {
  await visibleTask(ctx, task, taskId, 'manage');
  const items = await repo.itemsOf(ctx, taskId, true);
  if (!items.some((i) => i.id === id)) throw notFound('Checklist item');
  if (afterId === id) throw fieldError('afterId', 'validation', 'An item cannot move after itself');
  const item = await repo.updateItem(ctx, taskId, id, { sortOrder: keyAfter(items, afterId, id) });
  if (!item) throw notFound('Checklist item');
  await changed(ctx, task, taskId);
  return item;
}

export async function removeItem(ctx: TenantContext, task: RegisteredEntity, taskId: string, id: string): Promise<void> {
  await visibleTask(ctx, task, taskId, 'manage');
  if (!(await repo.deleteItem(ctx, taskId, id))) throw notFound('Checklist item');
  await changed(ctx, task, taskId);
}
