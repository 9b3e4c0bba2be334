import { randomUUID } from 'node:crypto';
import {
  EMAIL_ATTACHMENTS_MAX_BYTES,
  isContentBlock,
  type EmailPreview,
  type EmailPreviewRequest,
  type EmailTemplate,
  type EmailTemplateWrite,
  type EntityKind,
  type MergeField,
  type SendEmail,
  type SentEmail,
} from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { getEntity, getFields, recordActivities, type RegisteredEntity } from '../../platform/entity';
import * as documentsRepository from './documents.repository';
import { mailLayout, mergeFieldsOf, mergeValues, renderText, unknownMergeKeys } from './email-merge.util';
import * as repo from './email-templates.repository';
import { workspaceName } from './email-templates.repository';
import type { EmailTemplateRow } from './email-templates.table';
import { lastEmailOf } from './emails.repository';
import type { SharedRecordDeps } from './shared-records.access';

// References kept on a message: the record's thread root and the last few messages.
const REFERENCES_KEPT = 10;
const ACTIVITY_TEXT_MAX = 20_000;

function toItem(r: EmailTemplateRow): EmailTemplate {
  return {
    id: r.id,
    entityKind: r.entityKind,
    name: r.name,
    subject: r.subject,
    body: r.body,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

// A kind that declares the e-mail capability.
function mailEntity(deps: SharedRecordDeps, kind: EntityKind, field = 'entityKind'): RegisteredEntity {
  const ent = deps.entities.get(kind);
  if (!ent || !ent.definition.capabilities.email) throw fieldError(field, 'unknownKind', `${kind} records have no e-mail`);
  return ent;
}

async function fieldsOf(ctx: TenantContext, deps: SharedRecordDeps, kind: EntityKind): Promise<MergeField[]> {
  const ent = mailEntity(deps, kind);
  const custom = ent.definition.capabilities.customFields ? (await getFields(ctx, ent)).filter((f) => !isContentBlock(f.kind)) : [];
  return mergeFieldsOf(ent.definition, custom);
}

async function checkMergeFields(ctx: TenantContext, deps: SharedRecordDeps, body: EmailTemplateWrite): Promise<void> {
  const known = new Set((await fieldsOf(ctx, deps, body.entityKind)).map((f) => f.key));
  for (const field of ['subject', 'body'] as const) {
    const unknown = unknownMergeKeys(body[field], known);
    if (unknown.length > 0)
      throw fieldError(
        field,
        'unknownMergeField',
        `${unknown.map((k) => `{{${k}}}`).join(', ')} is not a merge field of ${body.entityKind}`,
      );
  }
}

// Subject, text and HTML of a template (or free text) for one record the caller may read;
// restricted fields the caller may not read are not in the record, so they merge as empty.
async function render(
  ctx: TenantContext,
  deps: SharedRecordDeps,
  kind: EntityKind,
  id: string,
  source: { subject: string; body: string },
): Promise<EmailPreview & { record: Record<string, unknown>; workspace: string }> {
  const ent = mailEntity(deps, kind);
  const record = await getEntity(ctx, ent, id);
  const workspace = await workspaceName(ctx);
  const values = mergeValues(ent.definition, record, { senderName: ctx.user.name, senderEmail: ctx.user.email, workspaceName: workspace });
  const subject = renderText(source.subject, values)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const text = renderText(source.body, values);
  return { subject, text, html: mailLayout(text, workspace), record, workspace };
}

async function templateFor(ctx: TenantContext, kind: EntityKind, templateId: string): Promise<EmailTemplateRow> {
  const t = await repo.get(ctx, templateId);
  if (!t) throw fieldError('templateId', 'notFound', 'There is no such template', 404);
  if (t.entityKind !== kind) throw fieldError('templateId', 'validation', `The template is for ${t.entityKind} records, not ${kind}`);
  return t;
}

export function mergeFields(ctx: TenantContext, deps: SharedRecordDeps, kind: EntityKind) {
  return fieldsOf(ctx, deps, kind);
}

export async function list(
  ctx: TenantContext,
  q: { entityKind?: EntityKind | undefined; search?: string | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await repo.list(ctx, { ...q, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  return { data: rows.map(toItem), total };
}

export async function get(ctx: TenantContext, id: string): Promise<EmailTemplate> {
  const row = await repo.get(ctx, id);
  if (!row) throw notFound('Template');
  return toItem(row);
}

export async function create(ctx: TenantContext, deps: SharedRecordDeps, body: EmailTemplateWrite): Promise<EmailTemplate> {
  await checkMergeFields(ctx, deps, body);
  const row = await repo.insert(ctx, body);
  if (!row) throw fieldError('name', 'duplicateTitle', 'Another template of this kind has this name', 409);
  return toItem(row);
}

export async function update(ctx: TenantContext, deps: SharedRecordDeps, id: string, body: EmailTemplateWrite): Promise<EmailTemplate> {
  if (!(await repo.get(ctx, id))) throw notFound('Template');
  await checkMergeFields(ctx, deps, body);
  if (await repo.nameTaken(ctx, body.entityKind, body.name, id))
    throw fieldError('name', 'duplicateTitle', 'Another template of this kind has this name', 409);
  const row = await repo.update(ctx, id, body);
  if (!row) throw notFound('Template');
  return toItem(row);
}

export async function remove(ctx: TenantContext, id: string): Promise<void> {
  if (!(await repo.remove(ctx, id))) throw notFound('Template');
}

export async function preview(ctx: TenantContext, deps: SharedRecordDeps, req: EmailPreviewRequest): Promise<EmailPreview> {
  const template = req.templateId ? await templateFor(ctx, req.entityKind, req.templateId) : undefined;
  const { subject, text, html } = await render(ctx, deps, req.entityKind, req.entityId, {
    subject: req.subject ?? template?.subject ?? '',
    body: req.body ?? template?.body ?? '',
  });
  return { subject, text, html };
}

// Written to the outbox in this transaction and delivered by the outbox job; recorded on the
// record's feed (type Email) with its Message-ID, so a reply can be matched to the record.
export async function send(ctx: TenantContext, deps: SharedRecordDeps, body: SendEmail): Promise<SentEmail> {
  const kind = body.entityKind;
  const template = body.templateId ? await templateFor(ctx, kind, body.templateId) : undefined;
  const rendered = await render(ctx, deps, kind, body.entityId, {
    subject: body.subject ?? template?.subject ?? '',
    body: body.body ?? template?.body ?? '',
  });
  if (!rendered.subject) throw fieldError('subject', 'required', 'The subject is empty once merged');

  const ids = [...new Set(body.documentIds)];
  const docs = ids.length > 0 ? await documentsRepository.getMany(ctx, ids) : [];
  for (const id of ids) {
    const d = docs.find((x) => x.id === id);
    if (!d || d.entityKind !== kind || d.entityId !== body.entityId || !d.blobKey)
      throw fieldError('documentIds', 'notFound', 'Attachments must be files of this record', 404);
  }
  const size = docs.reduce((n, d) => n + d.size, 0);
  if (size > EMAIL_ATTACHMENTS_MAX_BYTES)
    throw new AppError(400, 'totalSize', 'The attachments are too large together', [
      { field: 'documentIds', code: 'totalSize', message: 'The attachments are too large together', max: EMAIL_ATTACHMENTS_MAX_BYTES },
    ]);

  const host = new URL(deps.config.publicUrl).hostname || 'atrium.local';
  const activityId = randomUUID();
  const messageId = `<${activityId}@${host}>`;
  const root = `<${kind.toLowerCase()}.${body.entityId}@${host}>`;
  const previous = await lastEmailOf(ctx, kind, body.entityId);
  const references = previous ? [...new Set([root, ...previous.references, previous.messageId])] : [root];
  const kept = references.length > REFERENCES_KEPT ? [root, ...references.slice(-(REFERENCES_KEPT - 1))] : references;
  const inReplyTo = previous?.messageId ?? null;

  await deps.mailer.enqueue(ctx.db, {
    to: body.to.join(', '),
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    messageId,
    headers: {
      References: kept.join(' '),
      ...(inReplyTo ? { 'In-Reply-To': inReplyTo } : {}),
      ...(body.cc.length > 0 ? { Cc: body.cc.join(', ') } : {}),
      'Reply-To': ctx.user.email,
    },
    attachments: docs.map((d) => ({
      filename: d.name,
      contentType: d.contentType ?? 'application/octet-stream',
      blobKey: d.blobKey ?? '',
    })),
  });
  const attachments = docs.map((d) => ({ id: d.id, name: d.name, size: d.size }));
  await recordActivities(ctx, [
    {
      id: activityId,
      entityKind: kind,
      entityId: body.entityId,
      type: 'Email',
      action: 'sent',
      after: {
        messageId,
        inReplyTo,
        references: kept,
        to: body.to,
        cc: body.cc,
        subject: rendered.subject,
        text: rendered.text.slice(0, ACTIVITY_TEXT_MAX),
        templateId: template?.id ?? null,
        attachments,
      },
    },
  ]);
  deps.mailer.nudge();
  return { activityId, messageId, inReplyTo, references: kept, subject: rendered.subject, to: body.to, attachments };
}
