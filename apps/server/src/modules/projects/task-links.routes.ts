import { portfolioGanttSchema, projectEntity, projectGanttSchema, taskEntity, taskLinkCreateSchema, taskLinkSchema } from '@atrium/domain';
import { z } from 'zod';
import { scopedPermission } from '../../platform/entity';
import type { Router } from '../../platform/router';
import { linkTasks, listTaskLinks, portfolioGantt, projectGantt, unlinkTasks, type TaskLinkKinds } from './task-links.service';

// Linked tasks (blocks / blocked by / relates to, Plan.LinkTasks) and the Gantt charts that draw
// tasks with their links, of one project and of the whole portfolio.
export function registerTaskLinkRoutes(router: Router, kinds: TaskLinkKinds): void {
  const base = taskEntity.basePath;
  const params = z.object({ id: z.uuid() });
  router.tenant({
    method: 'GET',
    url: `${base}/:id/links`,
    summary: "A task's links, both ways",
    tags: ['Task'],
    permission: scopedPermission(taskEntity, 'view'),
    table: kinds.task.tableName,
    readOnly: true,
    schemas: { params, response: z.array(taskLinkSchema) },
    handler: (ctx, { params }) => listTaskLinks(ctx, kinds, params.id),
  });
  router.tenant({
    method: 'POST',
    url: `${base}/:id/links`,
    summary: 'Link a task to another (blocks, blocked by, relates to; Plan.LinkTasks)',
    tags: ['Task'],
    permission: scopedPermission(taskEntity, 'manage'),
    table: kinds.task.tableName,
    status: 201,
    schemas: { params, body: taskLinkCreateSchema, response: taskLinkSchema },
    example: { taskId: '0b9e8c1e-4c1b-4d8e-9a51-2f0c0e7b1a12', kind: 'blocks' },
    handler: (ctx, { params, body }) => linkTasks(ctx, kinds, params.id, body),
  });
  router.tenant({
    method: 'DELETE',
    url: `${base}/:id/links/:linkId`,
    summary: 'Remove a link of a task',
    tags: ['Task'],
    permission: scopedPermission(taskEntity, 'manage'),
    table: kinds.task.tableName,
    status: 204,
    schemas: { params: z.object({ id: z.uuid(), linkId: z.uuid() }) },
    handler: (ctx, { params }) => unlinkTasks(ctx, kinds, params.id, params.linkId),
  });
  router.tenant({
    method: 'GET',
    url: `${projectEntity.basePath}/:id/gantt`,
    summary: "A project's Gantt chart: its tasks and the links between them",
    tags: ['Project'],
    permission: scopedPermission(projectEntity, 'view'),
    table: kinds.project.tableName,
    readOnly: true,
    schemas: { params, response: projectGanttSchema },
    handler: (ctx, { params }) => projectGantt(ctx, kinds, params.id),
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/gantt',
    summary: 'The portfolio Gantt chart: every visible project with its tasks and links',
    tags: ['Project'],
    permission: scopedPermission(projectEntity, 'view'),
    readOnly: true,
    schemas: { response: portfolioGanttSchema },
    handler: (ctx) => portfolioGantt(ctx, kinds),
  });
}
