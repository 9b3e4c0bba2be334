import {
  RULE_EVENTS,
  type EntityDefinition,
  type EntityKind,
  type NotificationCause,
  type NotificationRule,
  type NotificationRuleWrite,
  type RuleEvent,
} from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { getEntity } from '../../platform/entity';
import { fieldError, notFound } from '../../platform/errors';
import { findTeam, membersOfTeam } from '../crm';
import * as collaboratorsRepository from './collaborators.repository';
import * as repo from './notification-rules.repository';
import type { NotificationRuleRow } from './notification-rules.table';
import * as notificationsService from './notifications.service';
import type { SharedRecordDeps } from './shared-records.access';

// What happened to a record, for the rules (decision 076). `assignees` are the members the event
// is about: the one assigned, mentioned or added as a collaborator.
export type RuleEventInput = {
  event: string;
  entityKind: EntityKind;
  entityId: string;
  assignees?: readonly string[];
  body?: string;
  // members the caller has already notified in the app for this (a mention, an added collaborator)
  notifiedInApp?: readonly string[];
  // …and by e-mail
  notifiedByEmail?: readonly string[];
};

// How the notification reads: to the member the event is about, and to everyone else.
const CAUSES: Record<string, { assignee: NotificationCause; others: NotificationCause }> = {
  recordAssigned: { assignee: 'assigned', others: 'assigned' },
  mentioned: { assignee: 'mentionedInNote', others: 'noteAdded' },
  stageChanged: { assignee: 'stageChanged', others: 'stageChanged' },
  collaboratorAdded: { assignee: 'addedAsCollaborator', others: 'recordChanged' },
};

// User fields (decision 034): references to a workspace member, such as an opportunity's owner.
export const userFieldsOf = (definition: Pick<EntityDefinition, 'fields'>): string[] =>
  Object.entries(definition.fields)
    .filter(([, f]) => f.kind === 'reference' && f.target === 'User')
    .map(([k]) => k);
// A kind's owner: its user field named ownerId, else its first user field.
export function ownerFieldOf(definition: Pick<EntityDefinition, 'fields'>): string | undefined {
  const users = userFieldsOf(definition);
  return users.find((k) => k === 'ownerId') ?? users[0];
}
// Active members of a team; at most this many are notified by one rule.
const TEAM_MEMBERS_MAX = 500;

function toItem(r: NotificationRuleRow): NotificationRule {
  return {
    id: r.id,
    event: r.event,
    entityKind: r.entityKind ?? null,
    inApp: r.inApp,
    email: r.email,
    recipients: r.recipients,
    active: r.active,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

async function check(ctx: TenantContext, deps: SharedRecordDeps, body: NotificationRuleWrite): Promise<void> {
  const kinds = body.entityKind ? [deps.entities.get(body.entityKind)] : [...deps.entities.values()];
  if (body.entityKind && !kinds[0]) throw fieldError('entityKind', 'unknownKind', `${body.entityKind} is not an entity kind`);
  const declared = new Set<string>([...RULE_EVENTS, ...kinds.flatMap((k) => k?.definition.events ?? [])]);
  if (!declared.has(body.event))
    throw fieldError('event', 'unknownEvent', `${body.event} is not an event of ${body.entityKind ?? 'any kind'}`);
  if (!body.inApp && !body.email) throw fieldError('email', 'required', 'A rule notifies in the app, by e-mail or both');
  for (const [i, r] of body.recipients.entries())
    if (r.type === 'team' && !(await findTeam(ctx, r.teamId)))
      throw fieldError(`recipients.${i}.teamId`, 'notFound', 'There is no such team in this workspace', 404);
}

async function recipientsOf(
  ctx: TenantContext,
  deps: SharedRecordDeps,
  rule: NotificationRuleRow,
  input: RuleEventInput,
  record: () => Promise<Record<string, unknown> | undefined>,
): Promise<string[]> {
  const out = new Set<string>();
  for (const r of rule.recipients) {
    if (r.type === 'assignee') for (const id of input.assignees ?? []) out.add(id);
    if (r.type === 'collaborators')
      for (const id of await collaboratorsRepository.followers(ctx, input.entityKind, input.entityId)) out.add(id);
    if (r.type === 'team') {
      const { rows } = await membersOfTeam(ctx, r.teamId, { limit: TEAM_MEMBERS_MAX, offset: 0 });
      for (const m of rows) if (m.status === 'active') out.add(m.tenantUserId);
    }
    if (r.type === 'owner') {
      const ent = deps.entities.get(input.entityKind);
      const key = ent ? ownerFieldOf(ent.definition) : undefined;
      const owner = key ? (await record())?.[key] : undefined;
      if (typeof owner === 'string') out.add(owner);
    }
  }
  return [...out];
}

export async function list(ctx: TenantContext, q: { event?: string | undefined; page: number; pageSize: number }) {
  const { rows, total } = await repo.list(ctx, { event: q.event, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  return { data: rows.map(toItem), total };
}

export async function create(ctx: TenantContext, deps: SharedRecordDeps, body: NotificationRuleWrite): Promise<NotificationRule> {
  await check(ctx, deps, body);
  return toItem(await repo.insert(ctx, body));
}

export async function update(
  ctx: TenantContext,
  deps: SharedRecordDeps,
  id: string,
  body: NotificationRuleWrite,
): Promise<NotificationRule> {
  if (!(await repo.get(ctx, id))) throw notFound('Notification rule');
  await check(ctx, deps, body);
  const row = await repo.update(ctx, id, body);
  if (!row) throw notFound('Notification rule');
  return toItem(row);
}

export async function remove(ctx: TenantContext, id: string): Promise<void> {
  if (!(await repo.remove(ctx, id))) throw notFound('Notification rule');
}

// one choice per event of RULE_EVENTS (the enum the API document shows); a stored name that
// is not one of them (written before the write schema checked names) is not shown
export async function preferences(ctx: TenantContext): Promise<{ event: RuleEvent; email: boolean }[]> {
  const stored = new Map((await repo.preferences(ctx, ctx.tenantUserId)).map((p) => [p.event, p.email]));
  return RULE_EVENTS.map((event) => ({ event, email: stored.get(event) ?? true }));
}

export async function setPreferences(ctx: TenantContext, prefs: readonly { event: RuleEvent; email: boolean }[]) {
  await repo.setPreferences(ctx, ctx.tenantUserId, prefs);
  return preferences(ctx);
}

// Runs the active rules of an event: each recipient (never the actor) gets one in-app
// notification and one e-mail at most, whatever the number of rules naming them; e-mail only
// to those who have not turned it off for the event.
export async function fire(ctx: TenantContext, deps: SharedRecordDeps, input: RuleEventInput): Promise<void> {
  const rules = await repo.matching(ctx, input.event, input.entityKind);
  if (rules.length === 0) return;
  let loaded: Record<string, unknown> | undefined | null = null;
  const record = async () => {
    if (loaded === null) {
      const ent = deps.entities.get(input.entityKind);
      loaded = ent ? await getEntity(ctx, ent, input.entityId).catch(() => undefined) : undefined;
    }
    return loaded;
  };
  const inApp = new Set<string>();
  const email = new Set<string>();
  for (const rule of rules) {
    const ids = await recipientsOf(ctx, deps, rule, input, record);
    for (const id of ids) {
      if (rule.inApp) inApp.add(id);
      if (rule.email) email.add(id);
    }
  }
  for (const id of input.notifiedInApp ?? []) inApp.delete(id);
  for (const id of input.notifiedByEmail ?? []) email.delete(id);
  const causes = CAUSES[input.event] ?? { assignee: 'recordChanged', others: 'recordChanged' };
  const assignees = new Set(input.assignees ?? []);
  const kind = input.event === 'mentioned' ? 'Mention' : 'Followed';
  // one call per way of reading and per channel set; someone in both sets gets both at once
  const groups = new Map<string, { cause: NotificationCause; inApp: boolean; mail: boolean; ids: string[] }>();
  for (const id of new Set([...inApp, ...email])) {
    const cause = assignees.has(id) ? causes.assignee : causes.others;
    const key = `${cause}:${inApp.has(id)}:${email.has(id)}`;
    const group = groups.get(key) ?? { cause, inApp: inApp.has(id), mail: email.has(id), ids: [] };
    group.ids.push(id);
    groups.set(key, group);
  }
  for (const g of groups.values()) {
    await notificationsService.notify(ctx, deps, {
      recipients: g.ids,
      kind,
      cause: g.cause,
      entityKind: input.entityKind,
      entityId: input.entityId,
      body: input.body ?? '',
      event: input.event,
      inApp: g.inApp,
      mail: g.mail,
    });
  }
}
