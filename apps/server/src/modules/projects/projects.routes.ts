import { projectEntity, projectTemplateEntity } from '@atrium/domain';
import { z } from 'zod';
import type { RegisteredEntity } from '../../platform/entity';
import type { Router } from '../../platform/router';
import { templateFromProject } from './projects.service';

const templateFromProjectSchema = z.strictObject({
  name: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(200, { error: 'maxLength' }),
  description: z.string().trim().max(5000, { error: 'maxLength' }).nullable().optional(),
});

// What a project does besides the engine's calls: become a template (spec: templates, clone).
export function registerProjectRoutes(router: Router, kinds: { project: RegisteredEntity; projectTemplate: RegisteredEntity }): void {
  router.tenant({
    method: 'POST',
    url: `${projectEntity.basePath}/:id/template`,
    summary: 'Make a project template from a project: its task stages and scheduled tasks',
    tags: ['Project'],
    permission: projectTemplateEntity.permissions.create,
    table: kinds.project.tableName,
    status: 201,
    schemas: { params: z.object({ id: z.uuid() }), body: templateFromProjectSchema, response: projectTemplateEntity.schemas.row },
    example: { name: 'Office move (from the Berlin move)' },
    handler: (ctx, { params, body }) => templateFromProject(ctx, kinds, params.id, body),
  });
}
