import { randomUUID } from 'node:crypto';
import {
  planBySlug,
  slugOf,
  type ArticleSearch,
  type HelpdeskEmailPreview,
  type HelpdeskEmailPreviewRequest,
  type HelpdeskThreading,
  type ArticleSearchResult,
  type EntityRecord,
  type RequestMessage,
  type RequestMessageWrite,
  type RequestTask,
  type RequestTaskResult,
  type RequestTime,
} from '@atrium/domain';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/database';
import type { JobRuntime } from '../../platform/jobs/job-runtime';
import { forEachWorkspace, inWorkspace } from '../../platform/jobs/workspace-walk';
import type { TenantContext } from '../../platform/context';
import { accessDenied, AppError, fieldError, notFound } from '../../platform/errors';
import { publishRecordEvent } from '../../platform/events/live-events.service';
import {
  createEntity,
  deleteScopedWorkflows,
  etagOf,
  getEntity,
  patchEntity,
  recordActivities,
  requireInScope,
  holdsInScope,
  stageFacts,
  startScopedWorkflows,
  visibilityRule,
  type EntityHooks,
  type EntityRow,
  type RecordChangeListener,
} from '../../platform/entity';
import type { Mailer } from '../../platform/mail/mailer';
import { requirePlanFeature } from '../../platform/plan-features';
import { assertWithinPlanLimit } from '../admin';
import { sanitizeNote, type RecordLinker } from '../core';
import type { HelpdeskKinds } from './helpdesk.entities';
import { renderHelpdeskMail, unknownHelpdeskMergeKeys } from './helpdesk-mail.util';
import * as repo from './helpdesk.repository';

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
// `linkRecords`: core's linked records, so a request and its task each show the other
export type HelpdeskDeps = {
  kinds: HelpdeskKinds;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'mailFrom'>;
  now: Clock;
  linkRecords: RecordLinker;
};

const slugTaken = (field: string) => fieldError(field, 'slugAlreadyExists', `${field} is already taken`, 409);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

// A helpdesk's portal slug: made from its name when left empty, unique in the workspace; the
// one it had before keeps redirecting.
async function helpdeskValues(ctx: TenantContext, values: EntityRow, id: string | null): Promise<EntityRow> {
  // the request ↔ task rule's stage must be one of this helpdesk's request stages (a new one's
  // are the workspace's, which it copies)
  const stage = str(values.requestStageOnTaskDone);
  if (stage && !(await repo.isRequestStageName(ctx, stage, id)))
    throw fieldError(
      'requestStageOnTaskDone',
      'invalidStage',
      "requestStageOnTaskDone names no stage of this helpdesk's request workflows",
    );
  const slug = str(values.portalSlug) ?? slugOf(String(values.name ?? ''), 63);
  if (!slug) throw fieldError('portalSlug', 'slugRequired', 'portalSlug is required (the name has no letters or digits to make one of)');
  if (await repo.portalSlugTaken(ctx, slug, id)) throw slugTaken('portalSlug');
  return { ...values, portalSlug: slug };
}

// The e-mail template is Plan.CustomEmails' (Helpdesk Pro): setting or changing it without the
// plan answers the plan's error; a template uses only the helpdesk's merge fields and holds the
// reply ({{reply}}), or the reply would never reach the requester.
function checkEmailTemplate(ctx: TenantContext, values: EntityRow, before: EntityRow | null): void {
  const changed = (key: 'emailSubjectPrefix' | 'emailTemplate') => (str(values[key]) ?? null) !== (str(before?.[key]) ?? null);
  if (!changed('emailSubjectPrefix') && !changed('emailTemplate')) return;
  requirePlanFeature(ctx, 'Plan.CustomEmails', "A helpdesk's own e-mail template");
  const template = str(values.emailTemplate);
  if (!template) return;
  const unknown = unknownHelpdeskMergeKeys(template);
  if (unknown.length > 0)
    throw fieldError(
      'emailTemplate',
      'unknownMergeField',
      `${unknown.map((k) => `{{${k}}}`).join(', ')} is not a merge field of a helpdesk mail`,
    );
  if (!/\{\{\s*reply\s*\}\}/.test(template)) throw fieldError('emailTemplate', 'validation', 'emailTemplate must contain {{reply}}');
}

// `kinds`: read when a helpdesk is written (its request stages are the Request kind's workflows)
export function helpdeskHooks(kinds: () => HelpdeskKinds): EntityHooks {
  return {
    // Free Workplace and Free Helpdesk allow one helpdesk (spec §1): the second answers the plan's error
    beforeCreate: async (ctx, values) => {
      assertWithinPlanLimit(ctx, 'helpdesks', await repo.countHelpdesksLocked(ctx));
      checkEmailTemplate(ctx, values, null);
      return helpdeskValues(ctx, values, null);
    },
    beforeUpdate: (ctx, values, before) => {
      checkEmailTemplate(ctx, values, before);
      return helpdeskValues(ctx, values, String(before.id));
    },
    // its own request stages: the workspace's request workflow copied (the engine's workflowScope);
    // they stay while it is in the recycle bin and go when it is purged (helpdeskPurged)
    afterCreate: async (ctx, row) => {
      await startScopedWorkflows(ctx, kinds().request, String(row.id));
    },
  };
}

// What a purged helpdesk owned beside its row: its request stages.
export async function helpdeskPurged(ctx: TenantContext, ids: readonly string[]): Promise<void> {
  for (const id of ids) await deleteScopedWorkflows(ctx, id);
}

// Whether the workspace's plan has Plan.CustomEmails: a member's context knows it; a mail sent
// without one (inbound's acknowledgement) reads the workspace's subscriptions.
export async function customEmails(ctx: TenantContext): Promise<boolean> {
  if (ctx.permissions.has('Plan.CustomEmails')) return true;
  if (ctx.role !== 'system') return false;
  return (await repo.workspacePlanSlugs(ctx)).some((slug) => planBySlug(slug)?.permissions.includes('Plan.CustomEmails'));
}

// One mail of a helpdesk to a requester: its subject and HTML by the helpdesk's template (or the
// default one), the reply's text as the plain part.
export function helpdeskMail(
  config: Pick<Config, 'publicUrl'>,
  helpdesk: repo.MailHelpdesk,
  custom: boolean,
  v: { number: string; subject: string; reply: string },
): { subject: string; html: string; text: string } {
  const portalUrl =
    helpdesk.portalEnabled && helpdesk.workspaceSlug && helpdesk.portalSlug
      ? `${config.publicUrl.replace(/\/$/, '')}/portal/${helpdesk.workspaceSlug}/${helpdesk.portalSlug}`
      : '';
  const { subject, html } = renderHelpdeskMail(
    { subjectPrefix: helpdesk.emailSubjectPrefix, template: helpdesk.emailTemplate },
    { ...v, helpdeskName: helpdesk.name, portalUrl },
    custom,
  );
  return { subject, html, text: v.reply };
}

const SAMPLE = {
  number: 'HELP-12',
  subject: 'Cannot sign in',
  reply: 'Thank you for writing.\n\nWe have reset your password; please sign in again.',
};

// The preview on the helpdesk's E-mail tab: the template and prefix given (else the saved ones)
// around a sample reply — or the default template when the plan has no Plan.CustomEmails.
export async function previewHelpdeskEmail(
  ctx: TenantContext,
  deps: HelpdeskDeps,
  id: string,
  body: HelpdeskEmailPreviewRequest,
): Promise<HelpdeskEmailPreview> {
  await getEntity(ctx, deps.kinds.helpdesk, id);
  // managing the helpdesk: the workspace's permission or the caller's role there
  await requireInScope(ctx, deps.kinds.helpdesk, 'manage', { id });
  const helpdesk = await repo.helpdeskOf(ctx, id);
  if (!helpdesk) throw notFound('Helpdesk');
  const custom = await customEmails(ctx);
  const given = {
    ...helpdesk,
    ...(body.subjectPrefix !== undefined ? { emailSubjectPrefix: body.subjectPrefix } : {}),
    ...(body.template !== undefined ? { emailTemplate: body.template } : {}),
  };
  const mail = helpdeskMail(deps.config, given, custom, { ...SAMPLE, number: `${helpdesk.code}-12` });
  return { subject: `Re: ${mail.subject}`, html: mail.html, text: mail.text, custom };
}

// The share of a helpdesk's inbound replies that threaded into an existing request, and by which
// rule (the issue's Performance section); replies counted since the count began (migration 0067).
export async function helpdeskThreading(ctx: TenantContext, deps: HelpdeskDeps, id: string): Promise<HelpdeskThreading> {
  const record = await getEntity(ctx, deps.kinds.helpdesk, id);
  const counts = new Map((await repo.replyThreadingCounts(ctx, id)).map((r) => [r.threading, r.n]));
  const byHeader = counts.get('header') ?? 0;
  const bySubject = counts.get('subject') ?? 0;
  const notThreaded = counts.get('none') ?? 0;
  const replies = byHeader + bySubject + notThreaded;
  const threaded = byHeader + bySubject;
  return {
    address: str(record.senderAddress),
    replies,
    threaded,
    byHeader,
    bySubject,
    notThreaded,
    share: replies > 0 ? threaded / replies : null,
  };
}

// A topic left without a place goes last in its helpdesk.
export const topicHooks: EntityHooks = {
  beforeCreate: async (ctx, values) =>
    values.position == null && typeof values.helpdeskId === 'string'
      ? { ...values, position: await repo.nextTopicPosition(ctx, values.helpdeskId) }
      : values,
};

// The topic of a record must be one of its helpdesk's.
async function topicOfHelpdesk(ctx: TenantContext, values: EntityRow): Promise<{ defaultAssigneeId: string | null } | null> {
  if (typeof values.topicId !== 'string') return null;
  const topic = await repo.topicOf(ctx, values.topicId);
  if (!topic) throw fieldError('topicId', 'notFound', 'topicId names no topic of this workspace');
  if (topic.helpdeskId !== values.helpdeskId) throw fieldError('topicId', 'validation', 'topicId must be a topic of the same helpdesk');
  return topic;
}

// An article's slug: made from its title when left empty, unique in its helpdesk; the old one
// keeps redirecting. Its content is stored as safe HTML — core's note sanitizer, with images
// named by document id — so every reader (the app, the portal, the search index) gets the
// editor's tags only.
async function articleValues(ctx: TenantContext, values: EntityRow, id: string | null): Promise<EntityRow> {
  await topicOfHelpdesk(ctx, values);
  const slug = str(values.slug) ?? slugOf(String(values.title ?? ''), 200);
  if (!slug) throw fieldError('slug', 'slugRequired', 'slug is required (the title has no letters or digits to make one of)');
  if (await repo.articleSlugTaken(ctx, String(values.helpdeskId), slug, id)) throw slugTaken('slug');
  const content = typeof values.content === 'string' ? sanitizeNote(values.content, { images: true }).html : values.content;
  return { ...values, slug, content };
}

export const articleHooks: EntityHooks = {
  beforeCreate: (ctx, values) => articleValues(ctx, values, null),
  beforeUpdate: (ctx, values, before) => articleValues(ctx, values, String(before.id)),
};

// A request's requester: the named contact (its e-mail fills requesterEmail), else the contact
// with requesterEmail, else a new contact made from it. Its assignee: the topic's default one
// when left empty.
async function requestValues(ctx: TenantContext, kinds: HelpdeskKinds, values: EntityRow, creating: boolean): Promise<EntityRow> {
  const topic = await topicOfHelpdesk(ctx, values);
  let out = values;
  if (typeof values.requesterId === 'string') {
    const email = await repo.contactEmail(ctx, values.requesterId);
    if (str(values.requesterEmail) === null && email) out = { ...out, requesterEmail: email };
  } else if (typeof values.requesterEmail === 'string' && values.requesterEmail !== '') {
    const found = await repo.contactByEmail(ctx, values.requesterEmail);
    out = { ...out, requesterId: found ?? (await newContact(ctx, kinds, values.requesterEmail)) };
  }
  if (creating && out.assigneeId == null && topic?.defaultAssigneeId) out = { ...out, assigneeId: topic.defaultAssigneeId };
  return out;
}

// The requester is made by the helpdesk, whatever the caller may do with contacts: the local
// part of the address is the first name until somebody knows better.
async function newContact(ctx: TenantContext, kinds: HelpdeskKinds, email: string): Promise<string> {
  const contact = kinds.request.registry.get('Contact');
  if (!contact) throw new Error('the Contact kind is not registered');
  const firstName = email.split('@')[0]?.slice(0, 100) || email.slice(0, 100);
  const row = await createEntity(ctx, contact, { firstName, email });
  return String(row.id);
}

// `kinds`: read when a request is written (the kinds exist once the hooks are registered)
export function requestHooks(kinds: () => HelpdeskKinds): EntityHooks {
  return {
    beforeCreate: (ctx, values) => requestValues(ctx, kinds(), values, true),
    beforeUpdate: (ctx, values) => requestValues(ctx, kinds(), values, false),
  };
}

// Publish (spec §4): the article shows on the portal from now on; unpublish takes it back to Draft.
// By the workspace's Helpdesk.PublishArticles or a role in the article's helpdesk that grants it;
// an article out of the caller's sight is not found.
export async function setPublished(ctx: TenantContext, deps: HelpdeskDeps, id: string, published: boolean): Promise<EntityRecord> {
  const seen = await getEntity(ctx, deps.kinds.article, id);
  if (!(await holdsInScope(ctx, deps.kinds.article, 'Helpdesk.PublishArticles', seen)))
    throw accessDenied('Requires permission Helpdesk.PublishArticles');
  const locked = await repo.lockArticle(ctx, id);
  if (!locked) throw notFound('Article');
  const status = published ? 'Published' : 'Draft';
  if (locked.status !== status) {
    await repo.setArticleStatus(ctx, id, status, published ? deps.now() : null, ctx.tenantUserId);
    await recordActivities(ctx, [
      { entityKind: 'Article', entityId: id, type: 'Change', action: 'updated', before: { status: locked.status }, after: { status } },
    ]);
  }
  const after = await getEntity(ctx, deps.kinds.article, id);
  await publishRecordEvent(ctx, { kind: 'Article', id, version: Number(after.version), action: 'updated' });
  return after as EntityRecord;
}

// Only the articles the caller sees: all of them with the workspace's Helpdesk.View, else those of
// the helpdesks where their role grants it.
export async function searchArticles(ctx: TenantContext, deps: HelpdeskDeps, query: ArticleSearch): Promise<ArticleSearchResult> {
  const visible = visibilityRule(ctx, deps.kinds.article);
  return {
    data: await repo.searchArticles(ctx, query.q, { helpdeskId: query.helpdeskId, status: query.status, visible, limit: query.limit }),
  };
}

// An article by its slug in a helpdesk; an old slug reads the article it moved to and names
// itself in `movedFrom`, so the caller goes on to the current address.
export async function articleBySlug(
  ctx: TenantContext,
  deps: HelpdeskDeps,
  helpdeskId: string,
  slug: string,
): Promise<{ article: EntityRecord; movedFrom: string | null }> {
  const found = await repo.articleIdBySlug(ctx, helpdeskId, slug);
  if (!found) throw notFound('Article');
  const article = (await getEntity(ctx, deps.kinds.article, found.id)) as EntityRecord;
  return { article, movedFrom: found.moved ? slug : null };
}

export async function requestMessages(ctx: TenantContext, deps: HelpdeskDeps, requestId: string): Promise<{ data: RequestMessage[] }> {
  await getEntity(ctx, deps.kinds.request, requestId);
  return { data: await repo.listMessages(ctx, requestId) };
}

// References kept on a reply: the thread's root and the last few messages.
const REFERENCES_KEPT = 10;

// An agent's reply goes to the requester through the mail outbox, from the helpdesk's sender
// address, threaded (Message-ID, In-Reply-To the last mailed message, References) so the answer
// to it threads back into the request. An internal note is only stored: never mailed.
export async function writeMessage(
  ctx: TenantContext,
  deps: HelpdeskDeps,
  requestId: string,
  body: RequestMessageWrite,
): Promise<RequestMessage> {
  const request = await getEntity(ctx, deps.kinds.request, requestId);
  // answering: ManageRequests in the workspace or by the caller's role in the request's helpdesk
  await requireInScope(ctx, deps.kinds.request, 'manage', request);
  const authorName = (await repo.memberName(ctx, ctx.tenantUserId)) ?? ctx.user.name;
  const base = { requestId, body: body.body, authorId: ctx.tenantUserId, authorName };
  if (body.kind === 'note') {
    const note = await repo.insertMessage(ctx, {
      ...base,
      kind: 'note',
      fromAddress: null,
      toAddress: null,
      messageId: null,
      inReplyTo: null,
      references: null,
    });
    await recordActivities(ctx, [{ entityKind: 'Request', entityId: requestId, type: 'Note', action: 'noted', after: { id: note.id } }]);
    return note;
  }
  const to = str(request.requesterEmail);
  if (!to) throw new AppError(409, 'noRecipient', 'This request has no requester e-mail to reply to');
  const helpdesk = await repo.helpdeskOf(ctx, String(request.helpdeskId));
  if (!helpdesk) throw notFound('Helpdesk');
  const host = new URL(deps.config.publicUrl).hostname || 'atrium.local';
  const messageId = `<request.${randomUUID()}@${host}>`;
  const root = `<request.${requestId}@${host}>`;
  const previous = await repo.lastMailedMessage(ctx, requestId);
  const chain = [
    ...new Set([root, ...(previous?.references?.split(' ').filter(Boolean) ?? []), ...(previous ? [previous.messageId] : [])]),
  ];
  const references = chain.length > REFERENCES_KEPT ? [root, ...chain.slice(-(REFERENCES_KEPT - 1))] : chain;
  const inReplyTo = previous?.messageId ?? root;
  const from = helpdesk.senderAddress ? `${helpdesk.name} <${helpdesk.senderAddress}>` : deps.config.mailFrom;
  // the helpdesk's template (Plan.CustomEmails) or the default one wraps the reply
  const mail = helpdeskMail(deps.config, helpdesk, await customEmails(ctx), {
    number: String(request.number),
    subject: String(request.subject),
    reply: body.body,
  });
  const subject = mail.subject;
  const reply = await repo.insertMessage(ctx, {
    ...base,
    kind: 'outbound',
    fromAddress: helpdesk.senderAddress ?? deps.config.mailFrom,
    toAddress: to,
    messageId,
    inReplyTo,
    references: references.join(' '),
  });
  await deps.mailer.enqueue(ctx.db, {
    to,
    subject: subject.startsWith('Re: ') ? subject : `Re: ${subject}`,
    text: mail.text,
    html: mail.html,
    messageId,
    headers: {
      From: from,
      References: references.join(' '),
      'In-Reply-To': inReplyTo,
      ...(helpdesk.senderAddress ? { 'Reply-To': helpdesk.senderAddress } : {}),
    },
    attachments: [],
  });
  await recordActivities(ctx, [
    { entityKind: 'Request', entityId: requestId, type: 'Email', action: 'replied', after: { id: reply.id, to, subject, messageId } },
  ]);
  // an open request page hears it (the conversation reloads), as it hears a mail coming in
  const after = await getEntity(ctx, deps.kinds.request, requestId);
  await publishRecordEvent(ctx, { kind: 'Request', id: requestId, version: Number(after.version), action: 'updated' });
  deps.mailer.nudge();
  return reply;
}

// A request becomes a task in a project of the workspace (made through the engine as the
// caller, so the project's task rules and the caller's task permissions apply), or is linked to
// an existing task. The request keeps the link (taskId); a task has at most the requests that
// name it. A request that has a task answers 409 alreadyHasTask.
export async function linkTask(ctx: TenantContext, deps: HelpdeskDeps, requestId: string, body: RequestTask): Promise<RequestTaskResult> {
  const request = await getEntity(ctx, deps.kinds.request, requestId);
  await requireInScope(ctx, deps.kinds.request, 'manage', request);
  if (request.taskId) throw new AppError(409, 'alreadyHasTask', 'This request already has a task');
  const taskKind = deps.kinds.request.registry.get('Task');
  if (!taskKind) throw new Error('the Task kind is not registered');
  let task: EntityRow;
  if ('taskId' in body) {
    task = await getEntity(ctx, taskKind, body.taskId).catch((err: unknown) => {
      if (err instanceof AppError && err.status === 404)
        throw fieldError('taskId', 'notFound', 'taskId names no task of this workspace', 404);
      throw err;
    });
  } else {
    const description = [
      `From request ${String(request.number)}${request.requesterEmail ? ` (${String(request.requesterEmail)})` : ''}.`,
      str(request.description),
    ]
      .filter(Boolean)
      .join('\n\n');
    task = await createEntity(
      ctx,
      taskKind,
      {
        name: String(request.subject).slice(0, 300),
        projectId: body.projectId,
        priority: request.priority ?? null,
        description: description.slice(0, 20000),
      },
      { asCaller: true },
    );
  }
  if (!(await repo.setRequestTask(ctx, requestId, String(task.id), ctx.tenantUserId)))
    throw new AppError(409, 'alreadyHasTask', 'This request already has a task');
  await deps.linkRecords(ctx, { kind: 'Request', id: requestId }, { kind: 'Task', id: String(task.id) });
  await recordActivities(ctx, [
    {
      entityKind: 'Request',
      entityId: requestId,
      type: 'Change',
      action: 'taskLinked',
      after: { id: String(task.id), title: String(task.title) },
    },
  ]);
  const after = await getEntity(ctx, deps.kinds.request, requestId);
  await publishRecordEvent(ctx, { kind: 'Request', id: requestId, version: Number(after.version), action: 'updated' });
  return { requestId, task: { id: String(task.id), title: String(task.title), number: String(task.number ?? '') } };
}

const CLOSED_STAGES = ['Closed', 'Won', 'Lost'];
const stageTypeOf = async (ctx: TenantContext, stageId: string) => (await stageFacts(ctx, stageId))?.stageType;
const isClosed = (type: string | null | undefined) => CLOSED_STAGES.includes(type ?? '');

// A request's stage follows its task (issue 23): the task closed, its open requests move to the
// first closed stage of their workflow (Resolved); the task reopened, its closed requests move
// to the first stage in progress (Open). A request's own moves do not touch the task.
export const followTaskStage: RecordChangeListener = async (ctx, ent, before, after) => {
  if (ent.definition.kind !== 'Task' || !before || before.workflowStage === after.workflowStage) return;
  if (typeof after.workflowStage !== 'string') return;
  const [was, now] = [
    typeof before.workflowStage === 'string' ? await stageTypeOf(ctx, before.workflowStage) : undefined,
    await stageTypeOf(ctx, after.workflowStage),
  ];
  if (isClosed(was) === isClosed(now)) return;
  const closing = isClosed(now);
  const taskId = String(after.id);
  for (const r of await repo.requestsOfTask(ctx, taskId, closing ? ['Closed'] : ['InProgress'], closing)) {
    if (r.flow === 'None' || isClosed(r.stageType) === closing || !r.target || r.target === r.stageId) continue;
    const version = await repo.setRequestStage(ctx, r.id, r.target);
    await recordActivities(ctx, [
      {
        entityKind: 'Request',
        entityId: r.id,
        type: 'Change',
        action: 'stageFollowedTask',
        before: { id: r.stageId },
        after: { id: taskId, title: String(after.title ?? '') },
      },
    ]);
    await publishRecordEvent(ctx, { kind: 'Request', id: r.id, version, action: 'updated' });
  }
};

// The other way (a helpdesk whose taskStageFlow is Both): a request closed closes its task — the
// task moved to the first Closed stage of its own workflow through the engine (the projects
// module's rules, activity and live event apply). No loop: the task's listener above then finds
// its request closed already and moves nothing, and a request moved by that listener is written
// directly, which no listener hears.
export const followRequestStage: RecordChangeListener = async (ctx, ent, before, after) => {
  if (ent.definition.kind !== 'Request' || !before || before.workflowStage === after.workflowStage) return;
  if (typeof after.workflowStage !== 'string' || typeof after.taskId !== 'string' || typeof after.helpdeskId !== 'string') return;
  const was = typeof before.workflowStage === 'string' ? await stageTypeOf(ctx, before.workflowStage) : undefined;
  if (isClosed(was) || !isClosed(await stageTypeOf(ctx, after.workflowStage))) return;
  if ((await repo.taskStageFlow(ctx, after.helpdeskId)) !== 'Both') return;
  const taskKind = ent.registry.get('Task');
  if (!taskKind) return;
  // the task as the caller sees it (one they cannot see is left alone)
  const task = await getEntity(ctx, taskKind, after.taskId).catch(() => undefined);
  if (!task || typeof task.workflowStage !== 'string' || isClosed(await stageTypeOf(ctx, task.workflowStage))) return;
  const closed = await repo.firstClosedStageBeside(ctx, task.workflowStage);
  if (!closed) return;
  // the version just read (a task changed in between answers 412 and nothing is written)
  await patchEntity(ctx, taskKind, after.taskId, [{ op: 'replace', path: '/workflowStage', value: closed }], etagOf(Number(task.version)));
};

// The time logged on a request's task: the sum and the entries (none without a task).
export async function requestTime(ctx: TenantContext, deps: HelpdeskDeps, requestId: string): Promise<RequestTime> {
  const request = await getEntity(ctx, deps.kinds.request, requestId);
  const taskId = typeof request.taskId === 'string' ? request.taskId : null;
  const data = taskId ? await repo.taskTime(ctx, taskId) : [];
  return {
    taskId,
    totalMinutes: data.reduce((sum, r) => sum + Number(r.minutes), 0),
    data: data.map((r) => ({ ...r, minutes: Number(r.minutes) })),
  };
}

// Scheduled publishing: every minute, in each workspace, the drafts whose publishAt has come are
// published (published at that time), each with its activity and a live event.
export const SCHEDULED_PUBLISH_JOB = 'helpdesk.scheduled-publish';
export type PublishJobDeps = { database: Database; now: Clock };

export async function publishDueArticles(deps: PublishJobDeps): Promise<string> {
  const now = deps.now();
  const published = await forEachWorkspace(deps.database, 'scheduled publishing', (tenantId) =>
    inWorkspace(deps.database, tenantId, async (ctx) => {
      const rows = await repo.publishDue(ctx, now);
      for (const a of rows) {
        await recordActivities(ctx, [
          {
            entityKind: 'Article',
            entityId: a.id,
            type: 'Change',
            action: 'updated',
            before: { status: 'Draft' },
            after: { status: 'Published' },
          },
        ]);
        await publishRecordEvent(ctx, { kind: 'Article', id: a.id, version: Number(a.version), action: 'updated' });
      }
      return rows.length;
    }),
  );
  return `${published} articles published`;
}

export function registerScheduledPublishJob(jobs: JobRuntime, deps: PublishJobDeps): void {
  jobs.schedule({
    name: SCHEDULED_PUBLISH_JOB,
    cron: '* * * * *',
    idempotency:
      "One UPDATE … WHERE status = 'Draft' AND publish_at <= now … RETURNING per workspace: an article published by one run (or worker) is no longer a draft for another.",
    run: () => publishDueArticles(deps),
  });
}
