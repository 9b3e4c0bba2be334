import {
  emailPreviewRequestSchema,
  emailPreviewSchema,
  emailTemplateListSchema,
  emailTemplateSchema,
  emailTemplateWriteSchema,
  mergeFieldSchema,
  mergeFieldsQuerySchema,
  pagedResponse,
  sendEmailSchema,
  sentEmailSchema,
} from '@atrium/domain';
import { z } from 'zod';
import type { Router } from '../../platform/router';
import * as emailsService from './emails.service';
import { EXAMPLE_ENTITY, idParams, recordIn, type SharedRecordDeps } from './shared-records.access';

const EXAMPLE_TEMPLATE = {
  entityKind: 'Contact',
  name: 'Welcome',
  subject: 'Welcome, {{firstName}}',
  body: 'Hello {{firstName}},\n\nthank you for your time today.\n\n{{sender.name}}',
};

// E-mail templates per entity kind (Setting: View/ManageTemplates) and send e-mail from a
// record (the record's view permission; the kind must declare the e-mail capability).
export function registerEmailRoutes(router: Router, deps: SharedRecordDeps): void {
  const tags = ['email'];
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/email-templates/merge-fields',
    summary: "Merge fields of an entity kind's e-mail templates: built-in and custom fields, sender, workspace",
    tags,
    permission: 'Setting.ViewTemplates',
    readOnly: true,
    schemas: { query: mergeFieldsQuerySchema, response: z.array(mergeFieldSchema) },
    handler: (ctx, { query }) => emailsService.mergeFields(ctx, deps, query.entityKind),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/email-templates/list',
    summary: 'E-mail templates, of one kind or all, by name',
    tags,
    permission: 'Setting.ViewTemplates',
    readOnly: true,
    example: { entityKind: 'Contact', page: 1, pageSize: 25 },
    schemas: { body: emailTemplateListSchema, response: pagedResponse(emailTemplateSchema) },
    handler: (ctx, { body }) => emailsService.list(ctx, body),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/email-templates',
    summary: 'Create an e-mail template (unknown merge fields are refused)',
    tags,
    permission: 'Setting.ManageTemplates',
    status: 201,
    example: EXAMPLE_TEMPLATE,
    schemas: { body: emailTemplateWriteSchema, response: emailTemplateSchema },
    handler: (ctx, { body }) => emailsService.create(ctx, deps, body),
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/email-templates/:id',
    summary: 'One e-mail template',
    tags,
    permission: 'Setting.ViewTemplates',
    table: 'email_templates',
    readOnly: true,
    schemas: { params: idParams, response: emailTemplateSchema },
    handler: (ctx, { params }) => emailsService.get(ctx, params.id),
  });
  router.tenant({
    method: 'PUT',
    url: '/api/v1/core/email-templates/:id',
    summary: 'Update an e-mail template',
    tags,
    permission: 'Setting.ManageTemplates',
    table: 'email_templates',
    example: { ...EXAMPLE_TEMPLATE, name: 'Welcome back' },
    schemas: { params: idParams, body: emailTemplateWriteSchema, response: emailTemplateSchema },
    handler: (ctx, { params, body }) => emailsService.update(ctx, deps, params.id, body),
  });
  router.tenant({
    method: 'DELETE',
    url: '/api/v1/core/email-templates/:id',
    summary: 'Delete an e-mail template',
    tags,
    permission: 'Setting.ManageTemplates',
    table: 'email_templates',
    status: 204,
    schemas: { params: idParams },
    handler: (ctx, { params }) => emailsService.remove(ctx, params.id),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/email-templates/preview',
    summary: 'A template (saved, or as being edited) rendered for one record: subject, text and HTML',
    tags,
    permission: null,
    readOnly: true,
    record: { feature: 'view', capability: 'email', of: ({ body }) => recordIn(body) },
    example: { ...EXAMPLE_ENTITY, subject: 'Hello {{firstName}}', body: 'Dear {{title}}' },
    schemas: { body: emailPreviewRequestSchema, response: emailPreviewSchema },
    handler: (ctx, { body }) => emailsService.preview(ctx, deps, body),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/emails',
    summary: "Send an e-mail from a record (template or free text, the record's files attached), recorded on its feed",
    tags,
    permission: null,
    status: 201,
    record: { feature: 'view', capability: 'email', of: ({ body }) => recordIn(body) },
    example: { ...EXAMPLE_ENTITY, to: ['ada@example.com'], subject: 'Hello {{firstName}}', body: 'Dear {{title}}' },
    schemas: { body: sendEmailSchema, response: sentEmailSchema },
    handler: (ctx, { body }) => emailsService.send(ctx, deps, body),
  });
}
