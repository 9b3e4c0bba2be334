import {
  myTimeLogsQuerySchema,
  projectEntity,
  projectTimeLogsQuerySchema,
  projectTimeLogsSchema,
  taskEntity,
  taskTimerSchema,
  timeLogCreateSchema,
  timeLogListSchema,
  timeLogSchema,
  timeLogUpdateSchema,
  timerStartSchema,
} from '@atrium/domain';
import { z } from 'zod';
import { scopedPermission } from '../../platform/entity';
import type { Router } from '../../platform/router';
import {
  deleteTimeLog,
  listTaskLogs,
  logTime,
  myLogs,
  myTimer,
  projectLogs,
  projectLogsCsv,
  startTimer,
  stopTimer,
  updateTimeLog,
  type TimeLogDeps,
} from './time-logs.service';

const EXAMPLE_LOG = { date: '2026-01-05', minutes: 90, note: 'Site visit' };

// Time tracking (Plan.TaskWorklog): time logs on a task, a project's and my own logs with their
// totals, the project's logs as CSV, and one running timer per member. A log is changed under its
// task's path, as a task's links are: the task's visibility decides before the log is looked at.
export function registerTimeLogRoutes(router: Router, deps: TimeLogDeps): void {
  registerTaskLogRoutes(router, deps);
  registerReportRoutes(router, deps);
  registerTimerRoutes(router, deps);
}

function registerTaskLogRoutes(router: Router, deps: TimeLogDeps): void {
  const base = `${taskEntity.basePath}/:id/time-logs`;
  const params = z.object({ id: z.uuid() });
  const logParams = z.object({ id: z.uuid(), logId: z.uuid() });
  const common = { tags: ['Task'], permission: scopedPermission(taskEntity, 'view'), table: deps.kinds.task.tableName };
  router.tenant({
    ...common,
    method: 'GET',
    url: base,
    summary: "A task's time logs, newest first, with their total (Plan.TaskWorklog)",
    readOnly: true,
    schemas: { params, response: timeLogListSchema },
    handler: (ctx, { params }) => listTaskLogs(ctx, deps, params.id),
  });
  router.tenant({
    ...common,
    method: 'POST',
    url: base,
    summary: 'Log time on a task, as the caller (Plan.TaskWorklog)',
    status: 201,
    schemas: { params, body: timeLogCreateSchema, response: timeLogSchema },
    example: EXAMPLE_LOG,
    handler: (ctx, { params, body }) => logTime(ctx, deps, params.id, body),
  });
  router.tenant({
    ...common,
    method: 'PUT',
    url: `${base}/:logId`,
    summary: "Change a time log: one's own, or anyone's with Project.ManageTasks",
    schemas: { params: logParams, body: timeLogUpdateSchema, response: timeLogSchema },
    example: { ...EXAMPLE_LOG, note: null },
    handler: (ctx, { params, body }) => updateTimeLog(ctx, deps, params.id, params.logId, body),
  });
  router.tenant({
    ...common,
    method: 'DELETE',
    url: `${base}/:logId`,
    summary: "Delete a time log: one's own, or anyone's with Project.ManageTasks",
    status: 204,
    schemas: { params: logParams },
    handler: (ctx, { params }) => deleteTimeLog(ctx, deps, params.id, params.logId),
  });
}

function registerReportRoutes(router: Router, deps: TimeLogDeps): void {
  const params = z.object({ id: z.uuid() });
  const project = {
    tags: ['Project'],
    permission: scopedPermission(projectEntity, 'view'),
    table: deps.kinds.project.tableName,
    readOnly: true,
  };
  router.tenant({
    ...project,
    method: 'GET',
    url: `${projectEntity.basePath}/:id/time-logs`,
    summary: "A project's time logs a page at a time, with the project's total and each member's",
    schemas: { params, query: projectTimeLogsQuerySchema, response: projectTimeLogsSchema },
    handler: (ctx, { params, query }) => projectLogs(ctx, deps, params.id, query),
  });
  router.tenant({
    ...project,
    method: 'GET',
    url: `${projectEntity.basePath}/:id/time-logs.csv`,
    summary: "A project's time logs as a CSV file with a header row",
    schemas: { params },
    produces: ['text/csv'],
    handler: async (ctx, { params, reply }) => {
      const csv = await projectLogsCsv(ctx, deps, params.id);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="time-logs-${params.id}.csv"`);
      reply.header('cache-control', 'no-store');
      await reply.send(csv);
    },
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/time-logs/mine',
    summary: "The caller's time logs between two days (both included), with their total",
    tags: ['Task'],
    permission: scopedPermission(taskEntity, 'view'),
    readOnly: true,
    schemas: { query: myTimeLogsQuerySchema, response: timeLogListSchema },
    handler: (ctx, { query }) => myLogs(ctx, deps, query),
  });
}

function registerTimerRoutes(router: Router, deps: TimeLogDeps): void {
  const common = { tags: ['Task'], permission: scopedPermission(taskEntity, 'view') };
  router.tenant({
    ...common,
    method: 'GET',
    url: '/api/v1/time-logs/timer',
    summary: "The caller's running timer, or null",
    readOnly: true,
    schemas: { response: taskTimerSchema.nullable() },
    handler: (ctx) => myTimer(ctx),
  });
  router.tenant({
    ...common,
    method: 'POST',
    url: `${taskEntity.basePath}/:id/timer/start`,
    summary: "Start the caller's timer on a task; a timer running on another task is stopped and logged first",
    table: deps.kinds.task.tableName,
    schemas: { params: z.object({ id: z.uuid() }), response: timerStartSchema },
    handler: (ctx, { params }) => startTimer(ctx, deps, params.id),
  });
  router.tenant({
    ...common,
    method: 'POST',
    url: '/api/v1/time-logs/timer/stop',
    summary: "Stop the caller's timer and log the minutes it ran (rounded up, on the UTC day it started)",
    schemas: { response: timeLogSchema },
    handler: (ctx) => stopTimer(ctx, deps),
  });
}
