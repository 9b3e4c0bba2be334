import { boolean, check, foreignKey, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tenantColumns, timestamps } from '../../platform/table-helpers';
import { taskKey } from './projects.table';

// A task's checklist items, ordered by a fractional key (moving one rewrites only its row).
export const taskChecklistItems = pgTable(
  'task_checklist_items',
  {
    ...tenantColumns(),
    taskId: uuid('task_id').notNull(),
    title: text('title').notNull(),
    done: boolean('done').notNull().default(false),
    sortOrder: text('sort_order').notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.taskId],
      foreignColumns: [taskKey.tenantId, taskKey.id],
      name: 'task_checklist_items_task_fk',
    }).onDelete('cascade'),
    index('task_checklist_items_task_idx').on(t.tenantId, t.taskId),
    check('task_checklist_items_title_check', sql`length(title) between 1 and 300`),
  ],
);
