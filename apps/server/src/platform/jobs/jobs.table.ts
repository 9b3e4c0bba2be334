import { JOB_STATUSES } from '@atrium/domain';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../table-helpers';

// One row per background job a member started (decision 041). pg-boss keeps the queue in its
// own schema; this row is what the workspace sees: status, progress, the checkpoint the job
// resumes from, and which run of the job may write to it.
export const jobs = pgTable(
  'jobs',
  {
    ...tenantColumns(),
    type: text('type').notNull(),
    // the member who started it (tenant_users.id) and their user id: the job runs as them
    createdBy: uuid('created_by').notNull(),
    userId: uuid('user_id').notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    payload: jsonb('payload').notNull(),
    // where the job stands, written in the same transaction as each step's work
    checkpoint: jsonb('checkpoint'),
    // a retry starts run n+1; a runner of an older run may no longer write
    run: integer('run').notNull().default(1),
    attempts: integer('attempts').notNull().default(0),
    done: integer('done').notNull().default(0),
    total: integer('total'),
    errors: integer('errors').notNull().default(0),
    message: text('message'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('jobs_creator_idx').on(t.tenantId, t.createdBy, t.createdAt)],
);
export type JobRow = typeof jobs.$inferSelect;
