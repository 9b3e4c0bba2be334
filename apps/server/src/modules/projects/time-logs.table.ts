import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { tenantUsers } from '../admin';
import { tasks } from './projects.table';

// the key the logs point at (an engine table's columns are typed loosely)
const taskKey = tasks as unknown as { tenantId: AnyPgColumn; id: AnyPgColumn };

// Time logged on a task (Plan.TaskWorklog). The project is not stored: it is the task's, read by
// a join, so a task moved to another project takes its hours along. A member who leaves the
// workspace leaves their hours on the project (the migration narrows the rule to
// `on delete set null (tenant_user_id)`, as Drizzle cannot say it; decision 034).
export const timeLogs = pgTable(
  'time_logs',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    taskId: uuid('task_id').notNull(),
    tenantUserId: uuid('tenant_user_id'),
    date: date('date').notNull(),
    minutes: integer('minutes').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.taskId], foreignColumns: [taskKey.tenantId, taskKey.id], name: 'time_logs_task_fk' }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.tenantId, t.tenantUserId],
      foreignColumns: [tenantUsers.tenantId, tenantUsers.id],
      name: 'time_logs_user_fk',
    }).onDelete('set null'),
    index('time_logs_task_idx').on(t.tenantId, t.taskId, t.date),
    // a member's own logs by day (my time)
    index('time_logs_user_idx').on(t.tenantId, t.tenantUserId, t.date),
    check('time_logs_minutes_check', sql`${t.minutes} between 1 and 1440`),
  ],
);

// The running timer of a member: the primary key makes it one per member; it goes with the
// member and with the task.
export const taskTimers = pgTable(
  'task_timers',
  {
    tenantId: uuid('tenant_id').notNull(),
    tenantUserId: uuid('tenant_user_id').notNull(),
    taskId: uuid('task_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.tenantUserId] }),
    foreignKey({
      columns: [t.tenantId, t.tenantUserId],
      foreignColumns: [tenantUsers.tenantId, tenantUsers.id],
      name: 'task_timers_user_fk',
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.taskId], foreignColumns: [taskKey.tenantId, taskKey.id], name: 'task_timers_task_fk' }).onDelete(
      'cascade',
    ),
    index('task_timers_task_idx').on(t.tenantId, t.taskId),
  ],
);
