import {
  CAMPAIGN_HOURLY_LIMIT,
  CONTACT_STATES,
  contactEntity,
  customQueryFilterSchema,
  type CampaignRecipientsRequest,
  type CampaignSettings,
  type CampaignSettingsUpdate,
  type CampaignStatusRow,
  type EntityListQuery,
  type Job,
  type ProblemField,
  type UnsubscribeInfo,
} from '@atrium/domain';
import { randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import type { TenantContext, TenantScope } from '../../platform/context';
import type { Database } from '../../platform/database';
import { AppError, fieldError, notFound } from '../../platform/errors';
import {
  allOf,
  anyOf,
  getEntity,
  getFields,
  idIn,
  idListedIn,
  idNotIn,
  listCondition,
  listConditions,
  listEntities,
  recordActivities,
  recordsWritten,
  type EntityRow,
  type ListCondition,
  type RegisteredEntity,
} from '../../platform/entity';
import { publishRecordEvent } from '../../platform/events/live-events.service';
import { safeCell } from '../../platform/import-export/tabular-file.util';
import type { JobType } from '../../platform/jobs/job.types';
import { forEachWorkspace, inWorkspace, systemContext } from '../../platform/jobs/workspace-walk';
import type { InboundMailHandler } from '../../platform/mail/inbound-listener';
import type { Mailer } from '../../platform/mail/mailer';
import { simpleParser } from 'mailparser';
import { getEmailTemplate, mailLayout, mergeFieldsOf, mergeValues, renderText } from '../core';
import {
  bounceRef,
  clickLink,
  openToken,
  rewriteLinks,
  unsubscribeToken,
  verifyBounceRef,
  verifyClick,
  verifyOpenToken,
  verifyUnsubscribeToken,
  type BounceRef,
  type ClickLink,
  type RecipientRef,
} from './campaign-links.util';
import * as repo from './campaigns.repository';
import { inWindow, startOfLocalDay, windowOf, zonesInWindow } from './send-window.util';

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
export type CampaignKinds = { segment: RegisteredEntity; campaign: RegisteredEntity; contact: RegisteredEntity };
// `kick`: starts the sending job for a campaign now (the every-minute task continues it anyway)
// `bounceDomain`: the domain of the VERP return path (bounces+<ref>@<domain>), MAIL_FROM's
export type CampaignDeps = {
  now: Clock;
  mailer: Mailer;
  publicUrl: string;
  secret: string;
  batchSize: number;
  bounceDomain: string;
  kick?: JobType<{ campaignId: string }>;
};

const HOUR = 3600_000;
type SegmentParts = { query: unknown; includedIds: unknown; excludedIds: unknown };
const ids = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

// ---- segments

// Membership is the workspace's, not the caller's (decision 095): it is evaluated as the system
// (every contact, whoever wrote one), allowed to filter by restricted fields.
const memberCtx = (ctx: TenantContext, kinds: CampaignKinds): TenantContext => ({
  ...systemContext(ctx.tenantId, ctx.db),
  permissions: new Set([kinds.contact.definition.permissions.viewRestricted]),
});

// Who a segment may hold at all: live contacts (not in the bin, not archived) that may be
// mailed — not blocked, not marked as spam, not unsubscribed (the CRM's states), so a segment's
// count is how many its campaign would reach, and a state set takes the contact out at once.
const MAILABLE = { filters: Object.values(CONTACT_STATES).map((field) => ({ field, op: 'isEmpty' })) };
const mailable = (ctx: TenantContext, kinds: CampaignKinds): Promise<ListCondition> => listCondition(ctx, kinds.contact, MAILABLE);

// A segment's contacts: (the query's matches or the contacts included by hand), less the
// excluded ones, among the mailable — one condition on the contacts, compiled by the engine's
// list query.
async function segmentCondition(ctx: TenantContext, kinds: CampaignKinds, s: SegmentParts): Promise<ListCondition> {
  const parts: ListCondition[] = [await mailable(ctx, kinds)];
  const picks: ListCondition[] = [];
  const query = customQueryFilterSchema.safeParse(s.query);
  if (s.query != null && query.success) picks.push(await listCondition(ctx, kinds.contact, query.data));
  const included = ids(s.includedIds);
  if (included.length > 0) picks.push(idIn(included));
  return allOf([...parts, anyOf(picks), idNotIn(ids(s.excludedIds))]);
}

// What is wrong with a stored query that no longer compiles (a custom field it names was deleted
// since): the list's 400 as a field problem on `query.…`; undefined when it compiles.
async function queryProblem(ctx: TenantContext, kinds: CampaignKinds, query: unknown): Promise<ProblemField | undefined> {
  const parsed = customQueryFilterSchema.safeParse(query);
  if (query == null || !parsed.success) return undefined;
  try {
    await listCondition(ctx, kinds.contact, parsed.data);
    return undefined;
  } catch (e) {
    if (!(e instanceof AppError) || e.status !== 400) throw e;
    const first = e.errors?.[0];
    return { field: `query.${first?.field ?? 'filters'}`, code: first?.code ?? e.code, message: first?.message ?? e.message };
  }
}

// A query is checked by compiling it against the contacts: an unknown field or operator is a
// 400 on `query.filters.N…`, as the contacts list would name it without the prefix.
export async function checkSegment(ctx: TenantContext, kinds: CampaignKinds, values: EntityRow): Promise<void> {
  const query = customQueryFilterSchema.safeParse(values.query);
  if (values.query == null || !query.success) return;
  try {
    await listCondition(ctx, kinds.contact, query.data);
  } catch (e) {
    if (!(e instanceof AppError) || e.status !== 400) throw e;
    const errors: ProblemField[] = (e.errors ?? []).map((f) => ({ ...f, field: `query.${f.field}` }));
    throw new AppError(400, e.code, e.message, errors);
  }
}

// The upkeep of every segment's members after contacts were written (the engine's after-write
// hook, in the writing transaction): only these contacts are evaluated, against each segment —
// the queries in one statement, the picked ids here. A segment whose query no longer compiles
// keeps its members as they were (its page and the campaigns using it say why).
export async function keepMembers(ctx: TenantContext, kinds: CampaignKinds, contactIds: readonly string[]): Promise<void> {
  const segments = await repo.allSegments(ctx);
  if (segments.length === 0) return;
  await repo.lockMembership(ctx, false);
  const mctx = memberCtx(ctx, kinds);
  const queries = segments.map((s) => {
    const parsed = customQueryFilterSchema.safeParse(s.query);
    return s.query != null && parsed.success ? parsed.data : undefined;
  });
  // the fields read once for every segment's query and the mailable condition
  const [base, ...compiled] = await listConditions(mctx, kinds.contact, [
    MAILABLE,
    ...queries.filter((q): q is NonNullable<typeof q> => q !== undefined),
  ]);
  if (!base || base instanceof AppError) throw base ?? new Error('no mailable condition');
  const kept: { id: string; query: number | undefined; included: Set<string>; excluded: Set<string> }[] = [];
  const conditions: ListCondition[] = [];
  let next = 0;
  segments.forEach((s, i) => {
    let query: number | undefined;
    if (queries[i] !== undefined) {
      const c = compiled[next++];
      if (!c || c instanceof AppError) return;
      conditions.push(c);
      query = conditions.length - 1;
    }
    kept.push({ id: s.id, query, included: new Set(ids(s.includedIds)), excluded: new Set(ids(s.excludedIds)) });
  });
  const rows = await repo.evaluateContacts(ctx, contactIds, base, conditions);
  const pairs: { segmentId: string; contactId: string }[] = [];
  for (const r of rows) {
    if (!r.live) continue;
    for (const k of kept) {
      const matched = (k.query !== undefined && r.matches[k.query] === true) || k.included.has(r.id);
      if (matched && !k.excluded.has(r.id)) pairs.push({ segmentId: k.id, contactId: r.id });
    }
  }
  await repo.setMemberships(
    ctx,
    contactIds,
    kept.map((k) => k.id),
    pairs,
  );
}

// A segment's members rebuilt whole from its query and picks (its save, the repair job, the
// daily run for relative dates); a query that no longer compiles is reported, nothing changed.
export async function rebuildSegment(
  ctx: TenantContext,
  kinds: CampaignKinds,
  id: string,
  now: Date,
): Promise<{ rebuilt: boolean; problem?: ProblemField }> {
  const [s] = await repo.segmentsOf(ctx, [id]);
  if (!s) return { rebuilt: false };
  const mctx = memberCtx(ctx, kinds);
  const problem = await queryProblem(mctx, kinds, s.query);
  if (problem) return { rebuilt: false, problem };
  await repo.lockMembership(ctx, true);
  await repo.rebuildMembers(ctx, id, await segmentCondition(mctx, kinds, s), now);
  return { rebuilt: true };
}

const partsChanged = (a: EntityRow, b: EntityRow): boolean =>
  JSON.stringify([a.query ?? null, a.includedIds ?? null, a.excludedIds ?? null]) !==
  JSON.stringify([b.query ?? null, b.includedIds ?? null, b.excludedIds ?? null]);

export const segmentHooks = (kinds: Pick<CampaignKinds, 'contact'>, now: Clock) => ({
  beforeCreate: async (ctx: TenantContext, values: EntityRow) => checkSegment(ctx, kinds as CampaignKinds, values),
  beforeUpdate: async (ctx: TenantContext, values: EntityRow) => checkSegment(ctx, kinds as CampaignKinds, values),
  afterCreate: async (ctx: TenantContext, row: EntityRow) => {
    await rebuildSegment(ctx, kinds as CampaignKinds, String(row.id), now());
  },
  afterUpdate: async (ctx: TenantContext, row: EntityRow, before: EntityRow) => {
    if (partsChanged(row, before)) await rebuildSegment(ctx, kinds as CampaignKinds, String(row.id), now());
  },
});

// A segment's count is its stored members (live: kept on every contact write); `problem` when
// its query no longer compiles, for the segment's page to show.
export async function segmentCount(
  ctx: TenantContext,
  kinds: CampaignKinds,
  id: string,
): Promise<{ count: number; problem?: ProblemField }> {
  const row = await getEntity(ctx, kinds.segment, id);
  const problem = await queryProblem(memberCtx(ctx, kinds), kinds, row.query);
  return { count: await repo.memberCount(ctx, id), ...(problem ? { problem } : {}) };
}

// The count of a segment being edited, before it is saved (the editor's live count).
export async function previewCount(ctx: TenantContext, kinds: CampaignKinds, parts: SegmentParts): Promise<{ count: number }> {
  await checkSegment(ctx, kinds, parts as EntityRow);
  return { count: await repo.countContacts(ctx, await segmentCondition(ctx, kinds, parts)) };
}

export async function segmentRecipients(ctx: TenantContext, kinds: CampaignKinds, id: string, list: EntityListQuery) {
  await getEntity(ctx, kinds.segment, id);
  return listEntities(ctx, kinds.contact, { ...list, archived: false }, [idListedIn('segment_members', 'segment_id', id, 'contact_id')]);
}

// The repair job: one segment of the workspace, or all of them.
export async function startRebuild(
  ctx: TenantContext,
  kinds: CampaignKinds,
  job: JobType<{ segmentId?: string | undefined }>,
  segmentId: string | undefined,
): Promise<Job> {
  if (segmentId) {
    await getEntity(ctx, kinds.segment, segmentId).catch((e: unknown) => {
      if (e instanceof AppError && e.status === 404) throw fieldError('segmentId', 'notFound', 'There is no such segment', 404);
      throw e;
    });
  }
  return job.enqueue(ctx, segmentId ? { segmentId } : {});
}

// One step of the repair job: the next segment rebuilt. `left`: the segments still to do.
export async function rebuildStep(
  ctx: TenantContext,
  kinds: CampaignKinds,
  now: Clock,
  segmentId: string | undefined,
  checkpoint: { left: string[]; done: number; broken: number } | null,
): Promise<{ left: string[]; done: number; broken: number; total: number }> {
  const left = checkpoint?.left ?? (segmentId ? [segmentId] : await repo.liveSegmentIds(ctx));
  const [next, ...rest] = left;
  let { done, broken } = checkpoint ?? { done: 0, broken: 0 };
  if (next) {
    const r = await rebuildSegment(ctx, kinds, next, now());
    done += 1;
    if (r.problem) broken += 1;
  }
  return { left: rest, done, broken, total: done + rest.length };
}

// The one timer (decision 095): relative dates ("in the last 30 days") change a query's result as
// days pass with no contact written, so such segments are rebuilt once a day, after the
// workspace's local midnight; segments never built (before this table existed) are built too.
export async function refreshSegments(deps: TaskDeps): Promise<string> {
  const rebuilt = await forEachWorkspace(deps.database, 'segment refresh', async (tenantId) => {
    const due = await inWorkspace(deps.database, tenantId, async (ctx) => {
      const midnight = startOfLocalDay(deps.now(), (await settings(ctx)).timeZone);
      return (await repo.segmentsBuiltBefore(ctx, midnight)).filter((s) => s.never || timeRelative(s.query));
    });
    for (const s of due) await inWorkspace(deps.database, tenantId, (ctx) => rebuildSegment(ctx, deps.kinds, s.id, deps.now()));
    return due.length;
  });
  return `${rebuilt} segments rebuilt`;
}

const RELATIVE_OPERATORS = new Set(['inLast', 'inNext']);
export function timeRelative(query: unknown): boolean {
  const parsed = customQueryFilterSchema.safeParse(query);
  return query != null && parsed.success && parsed.data.filters.some((f) => RELATIVE_OPERATORS.has(f.op));
}

export async function lookups(ctx: TenantContext, ent: RegisteredEntity, search: string | undefined) {
  const { data } = await listEntities(ctx, ent, {
    page: 1,
    pageSize: 50,
    filters: [],
    sort: [{ field: 'name', order: 'asc' }],
    archived: false,
    ...(search ? { search } : {}),
  });
  return data.map((r) => ({ value: String(r.id), label: String(r.title) }));
}

// ---- campaigns

async function checkCampaign(ctx: TenantContext, values: EntityRow): Promise<void> {
  // a send window has both ends, and they differ
  const [start, end] = [values.sendWindowStart, values.sendWindowEnd].map((v) => (typeof v === 'string' && v !== '' ? v : undefined));
  if (start && !end) throw fieldError('sendWindowEnd', 'required', 'A send window needs its end too');
  if (end && !start) throw fieldError('sendWindowStart', 'required', 'A send window needs its start too');
  if (start && start === end) throw fieldError('sendWindowEnd', 'validation', 'The send window must end at another time than it starts');
  const segmentIds = ids(values.segmentIds);
  if (segmentIds.length > 0) {
    const found = new Set((await repo.segmentsOf(ctx, segmentIds)).map((s) => s.id));
    const missing = segmentIds.findIndex((id) => !found.has(id));
    if (missing >= 0) throw fieldError(`segmentIds.${missing}`, 'notFound', 'There is no such segment');
  }
  const templateId = values.emailTemplateId;
  if (typeof templateId === 'string' && templateId !== '') {
    const template = await getEmailTemplate(ctx, templateId).catch((e: unknown) => {
      if (e instanceof AppError && e.status === 404) throw fieldError('emailTemplateId', 'notFound', 'There is no such e-mail template');
      throw e;
    });
    if (template.entityKind !== 'Contact')
      throw fieldError('emailTemplateId', 'validation', `The template is for ${template.entityKind} records, not contacts`);
  }
}

// a send window's weekdays sorted, each once; none is every day (stored as null)
const withDays = (values: EntityRow): EntityRow => {
  const days = Array.isArray(values.sendWindowDays) ? [...new Set(values.sendWindowDays as number[])].sort((a, b) => a - b) : [];
  return { ...values, sendWindowDays: days.length > 0 ? days : null };
};

export const campaignHooks = {
  beforeCreate: async (ctx: TenantContext, values: EntityRow): Promise<EntityRow> => {
    await checkCampaign(ctx, values);
    return withDays({ ...values, status: 'Draft', recipients: 0, sent: 0, opened: 0, clicked: 0, bounced: 0, unsubscribed: 0 });
  },
  beforeUpdate: async (ctx: TenantContext, values: EntityRow, before: EntityRow): Promise<EntityRow> => {
    if (before.status === 'Sending' || before.status === 'Sent')
      throw new AppError(409, 'campaignNotEditable', `A campaign that is ${String(before.status)} cannot be changed`);
    await checkCampaign(ctx, values);
    return withDays(values);
  },
};

async function lockOrFail(ctx: TenantContext, id: string): Promise<repo.LockedCampaign> {
  const c = await repo.lockCampaign(ctx, id);
  if (!c) throw notFound('Campaign');
  return c;
}

function assertStartable(c: repo.LockedCampaign): void {
  if (c.archived || (c.status !== 'Draft' && c.status !== 'Scheduled'))
    throw new AppError(409, 'campaignNotStartable', `A campaign that is ${c.archived ? 'archived' : c.status} cannot be started`);
  if (ids(c.segmentIds).length === 0)
    throw new AppError(409, 'campaignNotStartable', 'Pick at least one segment first', [
      { field: 'segmentIds', code: 'required', message: 'Pick at least one segment' },
    ]);
  if (!c.emailTemplateId)
    throw new AppError(409, 'campaignNotStartable', 'Pick an e-mail template first', [
      { field: 'emailTemplateId', code: 'required', message: 'Pick an e-mail template' },
    ]);
}

// Recipients are frozen when sending starts: the stored members of its segments at that moment.
async function freeze(ctx: TenantContext, c: repo.LockedCampaign, now: Date): Promise<number> {
  const segments = await repo.segmentsOf(ctx, ids(c.segmentIds));
  await repo.freezeRecipients(
    ctx,
    c.id,
    segments.map((s) => s.id),
    now,
  );
  return (await repo.statuses(ctx, [c.id])).reduce((n, s) => n + Object.values(s.states ?? {}).reduce((a, b) => a + b, 0), 0);
}

// The first of the campaign's segments whose query no longer compiles (a custom field it names
// was deleted), with what is wrong, as a sentence for the campaign's last action.
async function brokenSegment(ctx: TenantContext, kinds: CampaignKinds, c: repo.LockedCampaign): Promise<ProblemField | undefined> {
  const wanted = ids(c.segmentIds);
  const segments = await repo.segmentsOf(ctx, wanted);
  for (const s of segments) {
    const problem = await queryProblem(memberCtx(ctx, kinds), kinds, s.query);
    if (problem)
      return {
        field: `segmentIds.${wanted.indexOf(s.id)}`,
        code: 'segmentFilterBroken',
        message: `Segment "${s.name}": ${problem.field} — ${problem.message}`,
      };
  }
  return undefined;
}

async function announce(ctx: TenantContext, kinds: CampaignKinds, id: string): Promise<EntityRow> {
  const row = await getEntity(ctx, kinds.campaign, id);
  await publishRecordEvent(ctx, { kind: 'Campaign', id, version: Number(row.version), action: 'updated' });
  return row;
}

export async function sendNow(ctx: TenantContext, kinds: CampaignKinds, deps: CampaignDeps, id: string): Promise<EntityRow> {
  const c = await lockOrFail(ctx, id);
  assertStartable(c);
  const broken = await brokenSegment(ctx, kinds, c);
  if (broken) throw new AppError(409, 'segmentFilterBroken', broken.message, [broken]);
  const now = deps.now();
  const recipients = await freeze(ctx, c, now);
  await repo.setStatus(ctx, id, 'Sending', now, { lastAction: 'Started' }, recipients);
  await deps.kick?.enqueue(ctx, { campaignId: id });
  return announce(ctx, kinds, id);
}

export async function schedule(ctx: TenantContext, kinds: CampaignKinds, deps: CampaignDeps, id: string): Promise<EntityRow> {
  const c = await lockOrFail(ctx, id);
  assertStartable(c);
  const now = deps.now();
  if (!c.scheduledAt || Date.parse(c.scheduledAt) <= now.getTime())
    throw new AppError(409, 'campaignNotStartable', 'Set a schedule in the future first', [
      { field: 'scheduledAt', code: 'pastDateTime', message: 'The schedule must lie in the future' },
    ]);
  await repo.setStatus(ctx, id, 'Scheduled', now, { lastAction: 'Scheduled' });
  return announce(ctx, kinds, id);
}

export async function suspend(ctx: TenantContext, kinds: CampaignKinds, deps: CampaignDeps, id: string): Promise<EntityRow> {
  const c = await lockOrFail(ctx, id);
  if (c.status !== 'Sending' && c.status !== 'Scheduled')
    throw new AppError(409, 'campaignNotSuspendable', `A campaign that is ${c.status} cannot be suspended`);
  await repo.setStatus(ctx, id, 'Suspended', deps.now(), { lastAction: 'Suspended' });
  return announce(ctx, kinds, id);
}

// A suspended campaign continues with the recipients still queued (nobody is frozen twice or
// mailed twice); one suspended before its schedule came is scheduled again.
export async function resume(ctx: TenantContext, kinds: CampaignKinds, deps: CampaignDeps, id: string): Promise<EntityRow> {
  const c = await lockOrFail(ctx, id);
  if (c.status !== 'Suspended') throw new AppError(409, 'campaignNotSuspended', `A campaign that is ${c.status} cannot be resumed`);
  const frozen = (c.recipients ?? 0) > 0;
  await repo.setStatus(ctx, id, frozen ? 'Sending' : 'Scheduled', deps.now(), { lastAction: 'Resumed' });
  if (frozen) await deps.kick?.enqueue(ctx, { campaignId: id });
  return announce(ctx, kinds, id);
}

export async function recipients(ctx: TenantContext, kinds: CampaignKinds, id: string, q: CampaignRecipientsRequest) {
  await getEntity(ctx, kinds.campaign, id);
  const { rows, total } = await repo.recipientsPage(ctx, id, q);
  return { data: rows, total };
}

// Every recipient with its state and times as CSV (header row, spreadsheet formulas guarded).
export async function recipientsCsv(
  ctx: TenantContext,
  kinds: CampaignKinds,
  id: string,
  q: Pick<CampaignRecipientsRequest, 'search' | 'state'>,
): Promise<string> {
  await getEntity(ctx, kinds.campaign, id);
  const { rows } = await repo.recipientsPage(ctx, id, { page: 1, pageSize: null, search: q.search, state: q.state });
  return stringify(
    rows.map((r) => [
      safeCell(r.name),
      safeCell(r.email),
      r.state,
      r.skipReason ?? '',
      r.queuedAt,
      r.sentAt ?? '',
      r.openedAt ?? '',
      r.clickedAt ?? '',
      r.bouncedAt ?? '',
      r.bounceStatus ?? '',
      r.unsubscribedAt ?? '',
    ]),
    {
      header: true,
      columns: [
        'Name',
        'E-mail',
        'State',
        'Skipped because',
        'Queued',
        'Sent',
        'Opened',
        'Clicked',
        'Bounced',
        'Bounce status',
        'Unsubscribed',
      ],
      bom: true,
    },
  );
}

export async function statistics(ctx: TenantContext, kinds: CampaignKinds, id: string) {
  await getEntity(ctx, kinds.campaign, id);
  return { hours: await repo.statisticsByHour(ctx, id) };
}

export async function statuses(ctx: TenantContext, ids: readonly string[]): Promise<CampaignStatusRow[]> {
  const rows = await repo.statuses(ctx, ids);
  return rows.map((r) => {
    const s = r.states ?? {};
    const n = (k: string) => s[k] ?? 0;
    // a clicked recipient was sent and opened too; an unsubscribed one was sent
    const sent = n('sent') + n('opened') + n('clicked') + n('bounced') + n('unsubscribed');
    return {
      id: r.id,
      status: r.status,
      recipients: Object.values(s).reduce((a, b) => a + b, 0),
      queued: n('queued'),
      sent,
      opened: n('opened') + n('clicked'),
      clicked: n('clicked'),
      bounced: n('bounced'),
      unsubscribed: n('unsubscribed'),
      skipped: n('skipped'),
      lastActionAt: r.lastActionAt,
    };
  });
}

export async function mergeFields(ctx: TenantContext, kinds: CampaignKinds) {
  const custom = await getFields(ctx, kinds.contact);
  return mergeFieldsOf(contactEntity, custom);
}

const DEFAULT_SETTINGS: CampaignSettings = {
  hourlyLimit: CAMPAIGN_HOURLY_LIMIT.default,
  dailyLimit: null,
  timeZone: 'UTC',
  openTracking: false,
};

export async function settings(ctx: TenantScope): Promise<CampaignSettings> {
  return (await repo.settings(ctx)) ?? DEFAULT_SETTINGS;
}

// Fields left out keep their value.
export async function saveSettings(ctx: TenantContext, body: CampaignSettingsUpdate): Promise<CampaignSettings> {
  const before = await settings(ctx);
  const defined = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  await repo.saveSettings(ctx, { ...before, ...defined });
  return settings(ctx);
}

// ---- sending

// `throttled`: nothing more now (`held` says why: the hourly limit, the daily cap, or every
// queued recipient outside the send window); the every-minute task continues later.
export type BatchResult = { sent: number; skipped: number; done: boolean; throttled: boolean; held?: 'hourly' | 'daily' | 'window' };

const linkBase = (deps: CampaignDeps) => deps.publicUrl.replace(/\/$/, '');
export const unsubscribeUrl = (deps: CampaignDeps, ref: RecipientRef) =>
  `${linkBase(deps)}/api/v1/public/campaigns/unsubscribe/${encodeURIComponent(unsubscribeToken(deps.secret, ref))}`;
export const unsubscribePageUrl = (deps: CampaignDeps, ref: RecipientRef) =>
  `${linkBase(deps)}/unsubscribe/${encodeURIComponent(unsubscribeToken(deps.secret, ref))}`;
export const openPixelUrl = (deps: CampaignDeps, ref: RecipientRef) =>
  `${linkBase(deps)}/api/v1/public/campaigns/open/${encodeURIComponent(openToken(deps.secret, ref))}.gif`;
export const returnPath = (deps: CampaignDeps, ref: BounceRef) => `bounces+${bounceRef(deps.secret, ref)}@${deps.bounceDomain}`;
const trackedUrl = (deps: CampaignDeps, ref: RecipientRef, url: string) => {
  const l = clickLink(deps.secret, ref, url);
  return `${linkBase(deps)}/api/v1/public/campaigns/click?${new URLSearchParams(l).toString()}`;
};

type MailSource = {
  campaign: repo.LockedCampaign;
  template: { subject: string; body: string };
  workspace: string;
  // the workspace's setting: an open-tracking pixel in the HTML part
  openTracking: boolean;
};

// One recipient's mail: the template merged with the contact's fields, its links tracked, the
// unsubscribe link under the text and in the RFC 8058 headers, the open pixel where the
// workspace tracks opens, and the VERP return path that brings a bounce back to the recipient.
// `number`: the recipient's (its VERP return path); a test mail has none and no return path
async function composeMail(
  ctx: TenantContext,
  kinds: CampaignKinds,
  deps: CampaignDeps,
  src: MailSource,
  contactId: string,
  number?: number,
) {
  const c = src.campaign;
  const ref = { tenantId: ctx.tenantId, campaignId: c.id, contactId };
  const contact = await getEntity(ctx, kinds.contact, contactId);
  const values = mergeValues(contactEntity, contact, {
    senderName: c.senderName ?? src.workspace,
    senderEmail: c.senderEmail ?? '',
    workspaceName: src.workspace,
  });
  const subject = renderText(src.template.subject, values)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const body = rewriteLinks(renderText(src.template.body, values), (url) => trackedUrl(deps, ref, url));
  const text = `${body}\n\n--\nUnsubscribe from these e-mails: ${unsubscribePageUrl(deps, ref)}`;
  const host = new URL(deps.publicUrl).hostname || 'atrium.local';
  const html = mailLayout(text, src.workspace);
  const pixel = `<img src="${openPixelUrl(deps, ref)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">`;
  return {
    subject,
    text,
    html: src.openTracking ? html.replace('</body>', `${pixel}</body>`) : html,
    messageId: `<campaign.${c.id}.${contactId}@${host}>`,
    headers: {
      ...(number === undefined ? {} : { 'Return-Path': returnPath(deps, { tenantId: ctx.tenantId, number }) }),
      'List-Unsubscribe': `<${unsubscribeUrl(deps, ref)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      ...(c.senderEmail ? { 'Reply-To': c.senderEmail } : {}),
    },
    attachments: [],
  };
}

// A test of a campaign: its mail as one chosen contact would get it, sent to the caller only;
// no recipient is written and nothing is counted. Its own Message-ID, so it is never taken for
// the contact's real mail.
export async function sendTest(
  ctx: TenantContext,
  kinds: CampaignKinds,
  deps: CampaignDeps,
  id: string,
  contactId: string,
): Promise<{ to: string; subject: string }> {
  const c = await lockOrFail(ctx, id);
  if (!c.emailTemplateId)
    throw new AppError(409, 'campaignNotStartable', 'Pick an e-mail template first', [
      { field: 'emailTemplateId', code: 'required', message: 'Pick an e-mail template' },
    ]);
  await getEntity(ctx, kinds.contact, contactId).catch((e: unknown) => {
    if (e instanceof AppError && e.status === 404) throw fieldError('contactId', 'notFound', 'There is no such contact');
    throw e;
  });
  const template = await getEmailTemplate(ctx, c.emailTemplateId);
  const src = { campaign: c, template, workspace: await repo.workspaceName(ctx), openTracking: (await settings(ctx)).openTracking };
  const mail = await composeMail(ctx, kinds, deps, src, contactId);
  const subject = `[Test] ${mail.subject}`;
  const host = new URL(deps.publicUrl).hostname || 'atrium.local';
  // no VERP return path (no recipient number): a bounce of the test is the caller's, never the contact's
  await deps.mailer.enqueue(ctx.db, {
    ...mail,
    subject,
    to: ctx.user.email,
    messageId: `<campaign-test.${randomUUID()}@${host}>`,
  });
  deps.mailer.nudge();
  return { to: ctx.user.email, subject };
}

const held = (why: NonNullable<BatchResult['held']>): BatchResult => ({ sent: 0, skipped: 0, done: false, throttled: true, held: why });

// The recipients' zone values the send window lets through now: undefined when any recipient
// may be mailed (no window, or the workspace's window is open), [] when none may.
async function zonesNow(ctx: TenantContext, c: repo.LockedCampaign, s: CampaignSettings, now: Date): Promise<string[] | undefined> {
  const w = windowOf(c.sendWindowStart, c.sendWindowEnd, c.sendWindowDays);
  if (!w) return undefined;
  if (!c.recipientLocalTime) return inWindow(now, s.timeZone, w) ? undefined : [];
  return zonesInWindow(await repo.queuedZones(ctx, c.id), now, s.timeZone, w);
}

// One batch of a campaign, in the caller's transaction: the workspace's sending lock, the
// campaign locked (a suspend waits for the batch, and the batch sees a suspend), the hourly and
// daily budgets, then the queued recipients inside the send window now claimed, each decided and
// its mail written to the outbox. A crash before the commit leaves every recipient of the batch
// queued and no mail written; recipients outside their window stay queued for a later run.
export async function sendBatch(ctx: TenantContext, kinds: CampaignKinds, deps: CampaignDeps, campaignId: string): Promise<BatchResult> {
  await repo.lockWorkspaceSending(ctx);
  const c = await repo.lockCampaign(ctx, campaignId);
  if (!c || c.status !== 'Sending') return { sent: 0, skipped: 0, done: true, throttled: false };
  const now = deps.now();
  const s = await settings(ctx);
  const hourly = s.hourlyLimit - (await repo.sentSince(ctx, new Date(now.getTime() - HOUR)));
  if (hourly <= 0) return held('hourly');
  const daily =
    s.dailyLimit === null ? Infinity : s.dailyLimit - (await repo.sentSince(ctx, new Date(startOfLocalDay(now, s.timeZone).getTime() - 1)));
  if (daily <= 0) return held('daily');
  const zones = await zonesNow(ctx, c, s, now);
  const claimed =
    zones === undefined || zones.length > 0
      ? await repo.claimRecipients(ctx, campaignId, Math.min(deps.batchSize, hourly, daily), now, zones)
      : [];
  if (claimed.length === 0) {
    if ((await repo.queuedCount(ctx, campaignId)) > 0) return held('window');
    await repo.setStatus(ctx, campaignId, 'Sent', now, { lastAction: 'Finished' });
    await announce(ctx, kinds, campaignId);
    return { sent: 0, skipped: 0, done: true, throttled: false };
  }
  const template = await getEmailTemplate(ctx, c.emailTemplateId ?? '');
  const workspace = await repo.workspaceName(ctx);
  const sent = claimed.filter((r) => r.state === 'sent');
  const subjects = new Map<string, string>();
  for (const r of sent) {
    const src = { campaign: c, template, workspace, openTracking: s.openTracking };
    const mail = await composeMail(ctx, kinds, deps, src, r.contactId, r.number);
    subjects.set(r.contactId, mail.subject);
    await deps.mailer.enqueue(ctx.db, { ...mail, to: r.email ?? '' });
  }
  if (sent.length > 0) {
    await recordActivities(
      ctx,
      sent.map((r) => ({
        entityKind: 'Contact' as const,
        entityId: r.contactId,
        type: 'Campaign' as const,
        action: 'campaignSent' as const,
        after: { campaignId, title: subjects.get(r.contactId) ?? template.subject },
      })),
    );
    deps.mailer.nudge();
  }
  await repo.addCounts(ctx, campaignId, { sent: sent.length }, now);
  return { sent: sent.length, skipped: claimed.length - sent.length, done: false, throttled: false };
}

// ---- the every-minute task: scheduled campaigns whose time has come start, campaigns still
// sending continue (after a throttle, a crash or a restart), a batch per transaction.

export type TaskDeps = CampaignDeps & {
  kinds: CampaignKinds;
  database: Database;
  // batches per campaign and run, so that one campaign does not hold the task for long
  maxBatches: number;
};

export async function runCampaigns(deps: TaskDeps): Promise<string> {
  const mailed = await forEachWorkspace(deps.database, 'campaigns', async (tenantId) => {
    let sent = 0;
    const work = await inWorkspace(deps.database, tenantId, (ctx) => repo.campaignsToWorkOn(ctx, deps.now()));
    for (const w of work) {
      if (w.status === 'Scheduled') {
        await inWorkspace(deps.database, tenantId, async (ctx) => {
          const c = await repo.lockCampaign(ctx, w.id);
          if (!c || c.status !== 'Scheduled') return;
          const now = deps.now();
          // a segment whose query broke since it was scheduled: suspended once, saying why,
          // instead of failing every minute
          const broken = await brokenSegment(ctx, deps.kinds, c);
          if (broken) {
            await repo.setStatus(ctx, w.id, 'Suspended', now, { lastAction: 'SegmentBroken', note: broken.message.slice(0, 500) });
            await announce(ctx, deps.kinds, w.id);
            return;
          }
          await repo.setStatus(ctx, w.id, 'Sending', now, { lastAction: 'Started' }, await freeze(ctx, c, now));
        });
      }
      for (let i = 0; i < deps.maxBatches; i++) {
        const r = await inWorkspace(deps.database, tenantId, (ctx) => sendBatch(ctx, deps.kinds, deps, w.id));
        sent += r.sent;
        if (r.done || r.throttled) break;
      }
    }
    return sent;
  });
  return `${mailed} campaign e-mails written`;
}

// ---- tracking (public: the workspace comes from the signed reference)

export type PublicDeps = CampaignDeps & { kinds: CampaignKinds; database: Database };

function refOf(deps: CampaignDeps, token: string): RecipientRef {
  const ref = verifyUnsubscribeToken(deps.secret, token);
  if (!ref) throw fieldError('token', 'invalidSignature', 'This link is not valid');
  return ref;
}

export async function unsubscribeInfo(deps: PublicDeps, token: string): Promise<UnsubscribeInfo> {
  const ref = refOf(deps, token);
  return inWorkspace(deps.database, ref.tenantId, async (ctx) => {
    const contact = await repo.contactAddress(ctx, ref.contactId);
    if (!contact || !(await repo.recipientExists(ctx, ref.campaignId, ref.contactId))) throw notFound('Recipient');
    return { workspaceName: await repo.workspaceName(ctx), email: maskEmail(contact.email ?? ''), unsubscribed: contact.unsubscribed };
  });
}

// The contact is unsubscribed from every campaign of the workspace (the CRM's state), the
// recipient marked, the campaign counted, the contact's timeline told. Twice is once.
export async function unsubscribe(deps: PublicDeps, token: string): Promise<UnsubscribeInfo> {
  const ref = refOf(deps, token);
  await inWorkspace(deps.database, ref.tenantId, async (ctx) => {
    if (!(await repo.recipientExists(ctx, ref.campaignId, ref.contactId))) throw notFound('Recipient');
    const now = deps.now();
    if (await repo.markRecipient(ctx, ref.campaignId, ref.contactId, 'unsubscribed', now))
      await repo.addCounts(ctx, ref.campaignId, { unsubscribed: 1 }, now);
    if (await repo.unsubscribeContact(ctx, ref.contactId, now)) {
      await recordActivities(ctx, [
        {
          entityKind: 'Contact',
          entityId: ref.contactId,
          type: 'Campaign',
          action: 'campaignUnsubscribed',
          after: { campaignId: ref.campaignId },
        },
      ]);
      const row = await getEntity(ctx, deps.kinds.contact, ref.contactId);
      await publishRecordEvent(ctx, { kind: 'Contact', id: ref.contactId, version: Number(row.version), action: 'updated' });
      await recordsWritten(ctx, 'Contact', [ref.contactId]);
    }
  });
  return unsubscribeInfo(deps, token);
}

// Where a tracked click goes: its own target, only when the signature holds over it.
export async function click(deps: PublicDeps, link: ClickLink): Promise<string> {
  const ok = verifyClick(deps.secret, link);
  if (!ok) throw fieldError('s', 'invalidSignature', 'This link is not valid');
  const { ref, url } = ok;
  await inWorkspace(deps.database, ref.tenantId, async (ctx) => {
    await markFirst(ctx, ref, 'clicked', 'campaignClicked', { url }, deps.now());
  });
  return url;
}

// A recipient's first click or open: marked, counted on the campaign, told on the contact's
// timeline; a later one changes nothing.
async function markFirst(
  ctx: TenantContext,
  ref: RecipientRef,
  state: 'clicked' | 'opened',
  action: 'campaignClicked' | 'campaignOpened',
  after: Record<string, unknown>,
  now: Date,
): Promise<void> {
  if (!(await repo.markRecipient(ctx, ref.campaignId, ref.contactId, state, now))) return;
  await repo.addCounts(ctx, ref.campaignId, { [state]: 1 }, now);
  await recordActivities(ctx, [
    { entityKind: 'Contact', entityId: ref.contactId, type: 'Campaign', action, after: { campaignId: ref.campaignId, ...after } },
  ]);
}

// A recipient's open pixel, fetched by their mail client: the first open marks the recipient
// (opened, opened_at), counts on the campaign and writes a Campaign entry on the contact's
// timeline. Only where the workspace tracks opens: otherwise (and for a pixel that is not ours)
// 404, so a pixel from before the setting was turned off counts nothing.
export async function open(deps: PublicDeps, token: string): Promise<void> {
  const ref = verifyOpenToken(deps.secret, token.replace(/\.gif$/, ''));
  if (!ref) throw notFound('Pixel');
  await inWorkspace(deps.database, ref.tenantId, async (ctx) => {
    if (!(await settings(ctx)).openTracking || !(await repo.recipientExists(ctx, ref.campaignId, ref.contactId))) throw notFound('Pixel');
    await markFirst(ctx, ref, 'opened', 'campaignOpened', {}, deps.now());
  });
}

// ---- bounces: mail to bounces+<signed recipient reference>@<domain>, from the inbound listener

const BOUNCE_LOCAL = /^bounces\+([^@]+)@/i;
export const bounceRecipient = (deps: CampaignDeps, address: string): BounceRef | undefined => {
  const m = BOUNCE_LOCAL.exec(address);
  return m?.[1] ? verifyBounceRef(deps.secret, m[1]) : undefined;
};

export type Bounce = { status: string; hard: boolean };

// The failure a delivery status notification (RFC 3464) reports: the first recipient whose
// Action is failed, with its Status (5.x.x is permanent: hard; 4.x.x: soft). Undefined for a
// report of delay or delivery, and for anything that is no such report (an auto-reply to the
// return path is no bounce).
export function failureOf(deliveryStatus: string): Bounce | undefined {
  const fields = deliveryStatus.replace(/\r\n/g, '\n').split(/\n\s*\n/);
  for (const block of fields) {
    const action = /^action:\s*(\S+)/im.exec(block)?.[1]?.toLowerCase();
    const status = /^status:\s*([245])\.(\d{1,3})\.(\d{1,3})/im.exec(block);
    if (action === 'failed' && status) return { status: `${status[1]}.${status[2]}.${status[3]}`, hard: status[1] === '5' };
  }
  return undefined;
}

// A bounce of a campaign mail: the recipient becomes bounced (once), the campaign counts it, the
// contact's timeline gets a Campaign entry, and a hard bounce blocks the contact (the CRM's
// state that keeps every later campaign from the address).
export async function recordBounce(deps: PublicDeps, bounce: BounceRef, b: Bounce): Promise<'bounced' | 'repeat' | 'unknown'> {
  return inWorkspace(deps.database, bounce.tenantId, async (ctx) => {
    const found = await repo.recipientByNumber(ctx, bounce.number);
    if (!found) return 'unknown';
    const ref: RecipientRef = { tenantId: bounce.tenantId, ...found };
    const now = deps.now();
    if (!(await repo.markRecipient(ctx, ref.campaignId, ref.contactId, 'bounced', now, b.status))) return 'repeat';
    await repo.addCounts(ctx, ref.campaignId, { bounced: 1 }, now);
    const entries: Parameters<typeof recordActivities>[1][number][] = [
      {
        entityKind: 'Contact',
        entityId: ref.contactId,
        type: 'Campaign',
        action: 'campaignBounced',
        after: { campaignId: ref.campaignId, status: b.status, hard: b.hard, title: b.status },
      },
    ];
    const blocked = b.hard && (await repo.blockContact(ctx, ref.contactId, now));
    if (blocked) await recordsWritten(ctx, 'Contact', [ref.contactId]);
    if (blocked) entries.push({ entityKind: 'Contact', entityId: ref.contactId, type: 'Change', action: 'stateSet', field: 'blocked' });
    await recordActivities(ctx, entries);
    const row = await getEntity(ctx, deps.kinds.contact, ref.contactId);
    await publishRecordEvent(ctx, { kind: 'Contact', id: ref.contactId, version: Number(row.version), action: 'updated' });
    return 'bounced';
  });
}

// The inbound listener's handler for bounce addresses: a recipient is taken only when its
// reference's signature holds (anything else is another handler's or refused as unknown); a
// message that reports no failure is dropped.
export function bounceHandler(deps: PublicDeps): InboundMailHandler {
  return {
    accepts: async (address) => bounceRecipient(deps, address) !== undefined,
    deliver: async (mail) => {
      const parsed = await simpleParser(mail.raw, { keepDeliveryStatus: true });
      const report = parsed.attachments.find((a) => a.contentType === 'message/delivery-status');
      const failure = report ? failureOf(report.content.toString('utf8')) : undefined;
      const outcomes: Record<string, unknown>[] = [];
      for (const address of mail.recipients) {
        const ref = bounceRecipient(deps, address);
        if (!ref) continue;
        if (!failure) {
          outcomes.push({ bounce: ref.number, dropped: report ? 'no failure reported' : 'no delivery status' });
          continue;
        }
        outcomes.push({ bounce: ref.number, status: failure.status, outcome: await recordBounce(deps, ref, failure) });
      }
      return outcomes;
    },
  };
}

function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return domain ? `${name.slice(0, 1)}${'•'.repeat(Math.max(1, Math.min(name.length - 1, 6)))}@${domain}` : '';
}
