import {
  articleEntity,
  articleSearchResultSchema,
  articleSearchSchema,
  helpdeskEmailPreviewRequestSchema,
  helpdeskEmailPreviewSchema,
  helpdeskEntity,
  helpdeskThreadingSchema,
  requestEntity,
  requestMessageSchema,
  requestMessagesSchema,
  requestMessageWriteSchema,
  requestTaskResultSchema,
  requestTaskSchema,
  requestTimeSchema,
} from '@atrium/domain';
import { z } from 'zod';
import { etagOf, scopedPermission } from '../../platform/entity';
import type { Router } from '../../platform/router';
import {
  articleBySlug,
  helpdeskThreading,
  linkTask,
  previewHelpdeskEmail,
  requestMessages,
  requestTime,
  searchArticles,
  setPublished,
  writeMessage,
  type HelpdeskDeps,
} from './helpdesk.service';

// The helpdesk's calls beyond the engine's: publish and unpublish an article (spec §4), the
// knowledge base's full-text search, an article by its slug (old slugs too), a request's
// conversation (replies mailed, internal notes kept) and its task.
export function registerHelpdeskRoutes(router: Router, deps: HelpdeskDeps): void {
  const params = z.object({ id: z.uuid() });
  const article = articleEntity.schemas.row;
  for (const [action, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    router.tenant({
      method: 'POST',
      url: `${articleEntity.basePath}/:id/${action}`,
      summary: published
        ? 'Publish an article: Published from now on (publishedAt), shown on the portal as its visibility allows'
        : 'Unpublish an article: back to Draft, no longer on the portal',
      tags: ['Article'],
      // the workspace's, or a role in the article's helpdesk (the service checks which)
      permission: ['Helpdesk.PublishArticles', 'Plan.Roles'],
      table: deps.kinds.article.tableName,
      schemas: { params, response: article },
      etag: true,
      handler: async (ctx, { params: p, reply }) => {
        const result = await setPublished(ctx, deps, p.id, published);
        reply.header('etag', etagOf(Number(result.version)));
        return result;
      },
    });
  }
  router.tenant({
    method: 'POST',
    url: `${articleEntity.basePath}/search`,
    summary:
      'Full-text search of the knowledge base in each article\'s language (websearch syntax: words, "phrases", or, -word), ranked, with <mark>ed snippets',
    tags: ['Article'],
    permission: scopedPermission(articleEntity, 'view'),
    readOnly: true,
    schemas: { body: articleSearchSchema, response: articleSearchResultSchema },
    example: { q: 'reset password' },
    handler: (ctx, { body }) => searchArticles(ctx, deps, body),
  });
  router.tenant({
    method: 'GET',
    url: `${helpdeskEntity.basePath}/:id/articles/:slug`,
    summary: 'An article of a helpdesk by its slug; an old slug reads the article it moved to and names itself in movedFrom',
    tags: ['Article'],
    permission: scopedPermission(articleEntity, 'view'),
    table: deps.kinds.helpdesk.tableName,
    readOnly: true,
    paramsExample: { slug: 'resetting-your-password' },
    schemas: {
      params: z.object({ id: z.uuid(), slug: z.string().min(1).max(200) }),
      response: z.object({ article, movedFrom: z.string().nullable() }),
    },
    handler: (ctx, { params: p }) => articleBySlug(ctx, deps, p.id, p.slug),
  });
  router.tenant({
    method: 'POST',
    url: `${helpdeskEntity.basePath}/:id/email-preview`,
    summary:
      "A helpdesk's reply mail around a sample reply: the template and subject prefix given (else the saved ones), or the default template when the plan has no Plan.CustomEmails (custom false)",
    tags: ['Helpdesk'],
    permission: scopedPermission(helpdeskEntity, 'manage'),
    table: deps.kinds.helpdesk.tableName,
    readOnly: true,
    schemas: { params, body: helpdeskEmailPreviewRequestSchema, response: helpdeskEmailPreviewSchema },
    example: { subjectPrefix: '[Acme support]', template: '<div>{{reply}}</div><p>{{helpdesk.name}} · {{portalUrl}}</p>' },
    handler: (ctx, { params: p, body }) => previewHelpdeskEmail(ctx, deps, p.id, body),
  });
  router.tenant({
    method: 'GET',
    url: `${helpdeskEntity.basePath}/:id/threading`,
    summary:
      "The share of inbound replies to a helpdesk's address (In-Reply-To/References or its request number in the subject) that threaded into an existing request, by header or by subject",
    tags: ['Helpdesk'],
    permission: scopedPermission(helpdeskEntity, 'view'),
    table: deps.kinds.helpdesk.tableName,
    readOnly: true,
    schemas: { params, response: helpdeskThreadingSchema },
    handler: (ctx, { params: p }) => helpdeskThreading(ctx, deps, p.id),
  });
  router.tenant({
    method: 'GET',
    url: `${requestEntity.basePath}/:id/messages`,
    summary: "A request's conversation, oldest first: the requester's messages, agents' replies and internal notes",
    tags: ['Request'],
    permission: scopedPermission(requestEntity, 'view'),
    table: deps.kinds.request.tableName,
    readOnly: true,
    schemas: { params, response: requestMessagesSchema },
    handler: (ctx, { params: p }) => requestMessages(ctx, deps, p.id),
  });
  router.tenant({
    method: 'POST',
    url: `${requestEntity.basePath}/:id/messages`,
    summary:
      "Answer a request (kind reply: mailed to the requester from the helpdesk's sender address, threaded) or add an internal note (never mailed); 409 noRecipient when the request has no requester e-mail",
    tags: ['Request'],
    permission: scopedPermission(requestEntity, 'manage'),
    table: deps.kinds.request.tableName,
    status: 201,
    schemas: { params, body: requestMessageWriteSchema, response: requestMessageSchema },
    example: { kind: 'reply', body: 'Thank you — we have reset your password.' },
    handler: (ctx, { params: p, body }) => writeMessage(ctx, deps, p.id, body),
  });
  router.tenant({
    method: 'GET',
    url: `${requestEntity.basePath}/:id/time`,
    summary: "The time logged on a request's task: the total minutes and the entries, newest first (none without a task)",
    tags: ['Request'],
    permission: scopedPermission(requestEntity, 'view'),
    table: deps.kinds.request.tableName,
    readOnly: true,
    schemas: { params, response: requestTimeSchema },
    handler: (ctx, { params: p }) => requestTime(ctx, deps, p.id),
  });
  router.tenant({
    method: 'POST',
    url: `${requestEntity.basePath}/:id/task`,
    summary:
      'Make a task of a request in a project (projectId; your task permissions there apply) or link an existing task (taskId); 409 alreadyHasTask when it has one',
    tags: ['Request'],
    permission: scopedPermission(requestEntity, 'manage'),
    table: deps.kinds.request.tableName,
    status: 201,
    schemas: { params, body: requestTaskSchema, response: requestTaskResultSchema },
    example: { projectId: '00000000-0000-4000-8000-000000000000' },
    handler: (ctx, { params: p, body }) => linkTask(ctx, deps, p.id, body),
  });
}
