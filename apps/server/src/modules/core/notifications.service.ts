import type { EntityKind, NotificationCause, NotificationItem } from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { publishNotificationEvents } from '../../platform/events/live-events.service';
import { kindWords } from '../../platform/entity';
import { recordTitleOf, type SharedRecordDeps } from './shared-records.access';
import * as notificationRulesRepository from './notification-rules.repository';
import * as notificationsRepository from './notifications.repository';
import { type Member } from './notifications.repository';
import type { NotificationRow } from './notifications.table';
import { escapeHtml } from '../../platform/html.util';

export type NotifyInput = {
  recipients: readonly string[];
  kind: 'Mention' | 'Followed';
  cause: NotificationCause;
  entityKind: EntityKind;
  entityId: string;
  // what changed, shown under the title: a note's excerpt, file or tag names
  body: string;
  // also by e-mail, through the outbox
  mail?: boolean;
  // false: e-mail only (a notification rule that asks for no in-app notification)
  inApp?: boolean;
  // the notification rule event, when there is one: members who turned e-mail off for it get none
  event?: string;
};

// The English sentence the e-mail carries (the app words it in the reader's language).
function englishTitle(cause: NotificationCause, actor: string, kind: EntityKind, record: string): string {
  const what = `the ${kindWords(kind).one} ${record}`.trim();
  switch (cause) {
    case 'mentionedInNote':
      return `${actor} mentioned you in a note on ${what}`;
    case 'bookingReleased':
      return `Your booking of ${what} was released: nobody checked in`;
    case 'addedAsCollaborator':
      return `${actor} added you as a collaborator on ${what}`;
    case 'noteAdded':
      return `${actor} added a note to ${what}`;
    case 'filesAdded':
      return `${actor} added files to ${what}`;
    case 'tagsChanged':
      return `${actor} changed the tags of ${what}`;
    case 'recordChanged':
      return `${actor} changed ${what}`;
    case 'assigned':
      return `${actor} assigned ${what}`;
    case 'stageChanged':
      return `${actor} moved ${what} to another stage`;
  }
}

function toItem(r: NotificationRow): NotificationItem {
  return {
    id: r.id,
    kind: r.kind,
    cause: r.cause,
    entityKind: r.entityKind,
    entityId: r.entityId,
    recordTitle: r.recordTitle,
    title: r.title,
    body: r.body,
    actorName: r.actorName,
    read: r.readAt !== null,
    createdAt: r.createdAt.toISOString(),
  };
}

// In-app notification for each recipient except the actor; with `mail`, an e-mail through the
// outbox as well. Returns the members that were notified.
export async function notify(ctx: TenantContext, deps: SharedRecordDeps, input: NotifyInput): Promise<Member[]> {
  const ids = [...new Set(input.recipients)].filter((id) => id !== ctx.tenantUserId);
  const members = await notificationsRepository.members(ctx, { ids });
  if (members.length === 0) return [];
  const recordTitle = await recordTitleOf(ctx, deps, input.entityKind, input.entityId);
  const title = englishTitle(input.cause, ctx.user.name, input.entityKind, recordTitle ?? '');
  if (input.inApp !== false) {
    const inserted = await notificationsRepository.insert(
      ctx,
      members.map((m) => ({
        recipientId: m.tenantUserId,
        kind: input.kind,
        cause: input.cause,
        entityKind: input.entityKind,
        entityId: input.entityId,
        recordTitle,
        title,
        body: input.body,
      })),
    );
    await publishNotificationEvents(ctx, inserted);
  }
  if (input.mail) {
    // the link opens the record itself
    const path = deps.entities.get(input.entityKind)?.definition.web.path;
    const url = path ? `${deps.config.publicUrl}${path}/${input.entityId}` : deps.config.publicUrl;
    const off = input.event
      ? await notificationRulesRepository.emailOff(
          ctx,
          members.map((m) => m.tenantUserId),
          input.event,
        )
      : new Set<string>();
    for (const m of members.filter((x) => !off.has(x.tenantUserId))) {
      await deps.mailer.send({
        to: m.email,
        subject: title,
        text: `${title}\n\n${input.body}\n\n${url}`,
        html: `<p>${escapeHtml(title)}</p><blockquote>${escapeHtml(input.body)}</blockquote><p><a href="${escapeHtml(url)}">${escapeHtml(recordTitle || 'Open Atrium')}</a></p>`,
      });
    }
  }
  return members;
}

export async function list(ctx: TenantContext, q: { page: number; pageSize: number; unreadOnly?: boolean | undefined }) {
  const { rows, total, unread } = await notificationsRepository.list(ctx, q.page, q.pageSize, q.unreadOnly ?? false);
  return { data: rows.map(toItem), total, unread };
}

export function unreadCount(ctx: TenantContext) {
  return notificationsRepository.unreadCount(ctx);
}

export async function markRead(
  ctx: TenantContext,
  body: { ids?: string[] | undefined; all?: boolean | undefined },
): Promise<{ updated: number; unread: number }> {
  const updated = body.all
    ? await notificationsRepository.markRead(ctx, 'all')
    : await notificationsRepository.markRead(ctx, body.ids ?? []);
  return { updated, unread: await notificationsRepository.unreadCount(ctx) };
}
