import { taskScheduleEntity } from '@atrium/domain';
import { foreignKey, pgTable, primaryKey, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { entityTable } from '../../platform/entity';
import { tenantUsers } from '../admin';
import { projects, projectTemplates } from './projects.table';

export const taskSchedules = entityTable('task_schedules', taskScheduleEntity, {
  references: { Project: projects, ProjectTemplate: projectTemplates, User: tenantUsers },
});
// the key the runs point at (an engine table's columns are typed loosely)
const scheduleKey = taskSchedules as unknown as { tenantId: AnyPgColumn; id: AnyPgColumn };

// One row per occurrence a schedule has turned into a task: the primary key is what makes two
// workers running the job at once create each occurrence once (the insert that wins creates it).
export const taskScheduleRuns = pgTable(
  'task_schedule_runs',
  {
    tenantId: uuid('tenant_id').notNull(),
    scheduleId: uuid('schedule_id').notNull(),
    occursAt: timestamp('occurs_at', { withTimezone: true }).notNull(),
    // the task may be deleted later; the run still stands, so the occurrence is not made again
    taskId: uuid('task_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.scheduleId, t.occursAt] }),
    foreignKey({
      columns: [t.tenantId, t.scheduleId],
      foreignColumns: [scheduleKey.tenantId, scheduleKey.id],
      name: 'task_schedule_runs_schedule_fk',
    }).onDelete('cascade'),
  ],
);
