import type { EntityKind, EntityRef, MentionSuggestion, Note, NoteAdd } from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { accessDenied, fieldError, notFound } from '../../platform/errors';
import { getEntity, recordActivities, requireRecord } from '../../platform/entity';
import { escapeHtml } from '../../platform/html.util';
import type { ImportedNote } from '../../platform/import-export/import-notes';
import * as collaboratorsRepository from './collaborators.repository';
import * as collaboratorsService from './collaborators.service';
import * as notificationsRepository from './notifications.repository';
import * as notificationRulesService from './notification-rules.service';
import * as notificationsService from './notifications.service';
import { sanitizeNote, type SanitizedNote } from './notes.sanitizer';
import * as notesRepository from './notes.repository';
import type { NoteRow } from './notes.table';
import { mayManageOthers, recordActivity, requireShared, type SharedRecordDeps } from './shared-records.access';

const EXCERPT = 200;
const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);

function toNote(ctx: TenantContext, deps: SharedRecordDeps, r: NoteRow): Note {
  return {
    id: r.id,
    entityKind: r.entityKind,
    entityId: r.entityId,
    body: r.body,
    mentions: r.mentions,
    author: { tenantUserId: r.createdBy, name: r.createdByName, email: r.createdByEmail },
    canEdit: mayChange(ctx, deps, r),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

// Spec §6: the author edits and deletes their note; others need ManageNotes of the module.
// A module without ManageNotes (e.g. Helpdesk) leaves notes to their authors.
function mayChange(ctx: TenantContext, deps: SharedRecordDeps, r: NoteRow): boolean {
  return r.createdBy === ctx.tenantUserId || mayManageOthers(ctx, deps, r.entityKind, 'manageNotes');
}

function clean(body: string): SanitizedNote {
  const s = sanitizeNote(body);
  if (!s.text && !/<hr/.test(s.html)) throw fieldError('body', 'required', 'body is required');
  return s;
}

// Mentions count only for active members of this workspace.
async function validMentions(ctx: TenantContext, ids: readonly string[]): Promise<string[]> {
  const members = await notificationsRepository.members(ctx, { ids });
  return members.map((m) => m.tenantUserId);
}

async function notifyMentions(ctx: TenantContext, deps: SharedRecordDeps, note: NoteRow, ids: readonly string[], text: string) {
  if (ids.length === 0) return;
  await notificationsService.notify(ctx, deps, {
    recipients: ids,
    kind: 'Mention',
    cause: 'mentionedInNote',
    entityKind: note.entityKind,
    entityId: note.entityId,
    body: excerpt(text),
    mail: true,
    event: 'mentioned',
  });
  await notificationRulesService.fire(ctx, deps, {
    event: 'mentioned',
    entityKind: note.entityKind,
    entityId: note.entityId,
    assignees: ids,
    body: excerpt(text),
    notifiedInApp: ids,
    notifiedByEmail: ids,
  });
}

export async function list(ctx: TenantContext, deps: SharedRecordDeps, q: EntityRef & { page: number; pageSize: number }) {
  const { rows, total } = await notesRepository.list(ctx, q.entityKind, q.entityId, q.pageSize, (q.page - 1) * q.pageSize);
  return { data: rows.map((r) => toNote(ctx, deps, r)), total };
}

export async function add(ctx: TenantContext, deps: SharedRecordDeps, body: NoteAdd): Promise<Note> {
  const s = clean(body.body);
  const mentions = await validMentions(ctx, s.mentions);
  const row = await notesRepository.insert(ctx, body.entityKind, body.entityId, { body: s.html, mentions });
  await recordActivity(ctx, {
    entityKind: row.entityKind,
    entityId: row.entityId,
    type: 'Note',
    action: 'added',
    after: { noteId: row.id, text: excerpt(s.text) },
  });
  await notifyMentions(ctx, deps, row, mentions, s.text);
  await collaboratorsService.notifyFollowers(ctx, deps, row, 'noteAdded', excerpt(s.text));
  return toNote(ctx, deps, row);
}

// An import's note column: the cell's text as a note of plain paragraphs, no mentions, an
// activity entry each; no notifications (an import is not a conversation).
export async function addImported(ctx: TenantContext, kind: EntityKind, imported: readonly ImportedNote[]): Promise<void> {
  const bodies = imported.map((n) => ({
    entityId: n.entityId,
    body: n.text
      .split(/\r?\n\s*\r?\n/)
      .map((para) => `<p>${escapeHtml(para.trim()).replace(/\r?\n/g, '<br>')}</p>`)
      .join(''),
  }));
  const rows = await notesRepository.insertMany(ctx, kind, bodies);
  const textOf = new Map(imported.map((n) => [n.entityId, n.text]));
  await recordActivities(
    ctx,
    rows.map((row) => ({
      entityKind: kind,
      entityId: row.entityId,
      type: 'Note' as const,
      action: 'added' as const,
      after: { noteId: row.id, text: excerpt(textOf.get(row.entityId) ?? '') },
    })),
  );
}

export async function update(ctx: TenantContext, deps: SharedRecordDeps, id: string, body: { body: string }): Promise<Note> {
  const before = await notesRepository.get(ctx, id, true);
  if (!before) throw notFound('Note');
  await requireShared(ctx, deps, before, 'view', 'notes');
  if (!mayChange(ctx, deps, before)) throw accessDenied('Only the author or someone who manages notes may edit this note');
  const s = clean(body.body);
  const mentions = await validMentions(ctx, s.mentions);
  const row = await notesRepository.update(ctx, id, { body: s.html, mentions });
  if (!row) throw notFound('Note');
  await recordActivity(ctx, {
    entityKind: row.entityKind,
    entityId: row.entityId,
    type: 'Note',
    action: 'updated',
    after: { noteId: row.id, text: excerpt(s.text) },
  });
  // only people newly mentioned by this edit hear about it
  await notifyMentions(
    ctx,
    deps,
    row,
    mentions.filter((m) => !before.mentions.includes(m)),
    s.text,
  );
  return toNote(ctx, deps, row);
}

export async function remove(ctx: TenantContext, deps: SharedRecordDeps, id: string): Promise<void> {
  const row = await notesRepository.get(ctx, id, true);
  if (!row) throw notFound('Note');
  await requireShared(ctx, deps, row, 'view', 'notes');
  if (!mayChange(ctx, deps, row)) throw accessDenied('Only the author or someone who manages notes may delete this note');
  await notesRepository.remove(ctx, id);
  await recordActivity(ctx, {
    entityKind: row.entityKind,
    entityId: row.entityId,
    type: 'Note',
    action: 'removed',
    before: { noteId: row.id },
  });
}

export async function mentionSuggestions(
  ctx: TenantContext,
  deps: SharedRecordDeps,
  q: { search?: string | undefined; limit: number; entityKind?: string | undefined; entityId?: string | undefined },
): Promise<MentionSuggestion[]> {
  const people = q.entityKind && q.entityId ? await peopleOf(ctx, deps, q.entityKind, q.entityId) : [];
  const found = await notificationsRepository.members(ctx, { ...(q.search ? { search: q.search } : {}), limit: q.limit + people.length });
  // the record's people first, in the order found, then everybody else
  const rank = (id: string) => (people.includes(id) ? 0 : 1);
  const members = [...found].sort((a, b) => rank(a.tenantUserId) - rank(b.tenantUserId)).slice(0, q.limit);
  return members.map((m) => ({
    id: m.tenantUserId,
    name: m.name,
    email: m.email,
    iconId: m.pictureId,
    pictureUrl: m.pictureId ? `${deps.config.publicUrl}/api/v1/core/profile/pictures/${m.pictureId}` : null,
  }));
}

// The members a record names (its user fields: assignee, owner) and its followers.
async function peopleOf(ctx: TenantContext, deps: SharedRecordDeps, kind: string, id: string): Promise<string[]> {
  const ent = await requireRecord(ctx, deps.entities, { kind, id }, 'view');
  const record = await getEntity(ctx, ent, id);
  const named = Object.entries(ent.definition.fields)
    .filter(([, f]) => f.target === 'User')
    .map(([key]) => record[key])
    .filter((v): v is string => typeof v === 'string');
  const following = ent.definition.capabilities.collaborators ? await collaboratorsRepository.followers(ctx, ent.definition.kind, id) : [];
  return [...new Set([...named, ...following])];
}
