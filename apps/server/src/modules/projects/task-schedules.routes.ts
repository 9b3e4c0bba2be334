import { taskScheduleEntity } from '@atrium/domain';
import { z } from 'zod';
import type { Router } from '../../platform/router';
import { MAX_UPCOMING, upcomingOccurrences, type TaskScheduleDeps } from './task-schedules.service';

export function registerTaskScheduleRoutes(router: Router, deps: TaskScheduleDeps): void {
  router.tenant({
    method: 'GET',
    url: `${taskScheduleEntity.basePath}/:id/upcoming`,
    summary: "The next occurrences of a task schedule after now, expanded in the schedule's time zone",
    tags: ['TaskSchedule'],
    permission: taskScheduleEntity.permissions.view,
    table: deps.kinds.taskSchedule.tableName,
    schemas: {
      params: z.object({ id: z.uuid() }),
      query: z.object({ count: z.coerce.number().int().min(1).max(MAX_UPCOMING).default(5) }),
      response: z.object({ occurrences: z.array(z.iso.datetime()) }),
    },
    handler: (ctx, { params, query }) => upcomingOccurrences(ctx, deps, params.id, query.count),
  });
}
