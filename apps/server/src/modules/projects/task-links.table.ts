import { TASK_LINK_KINDS } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { taskKey } from './projects.table';

// Links between two tasks of a workspace, of any projects (Plan.LinkTasks). `blocks` is
// finish-to-start and drives automatic scheduling; `relatesTo` only records the relation. One
// link per ordered pair; a task never links to itself.
export const taskLinks = pgTable(
  'task_links',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    fromTaskId: uuid('from_task_id').notNull(),
    toTaskId: uuid('to_task_id').notNull(),
    kind: text('kind', { enum: TASK_LINK_KINDS }).notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.fromTaskId],
      foreignColumns: [taskKey.tenantId, taskKey.id],
      name: 'task_links_from_fk',
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.toTaskId], foreignColumns: [taskKey.tenantId, taskKey.id], name: 'task_links_to_fk' }).onDelete(
      'cascade',
    ),
    // also the index of the walk from a task to the tasks it blocks
    unique('task_links_pair_key').on(t.tenantId, t.fromTaskId, t.toTaskId),
    // the walk back, from a task to the tasks that block it
    index('task_links_to_idx').on(t.tenantId, t.toTaskId),
    check('task_links_not_self', sql`${t.fromTaskId} <> ${t.toTaskId}`),
    check('task_links_kind_check', sql`${t.kind} in ('blocks', 'relatesTo')`),
  ],
);
