import type { EntityKind, NotificationItem } from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { publishNotificationEvents } from '../../platform/events/live-events.service';
import type { Mailer } from '../../platform/mail/mailer';
import { notificationsRepository, type Member } from './notifications.repository';
import type { NotificationRow } from './notifications.table';

export type NotifyInput = {
  recipients: readonly string[];
  kind: 'Mention' | 'Followed';
  entityKind: EntityKind | null;
  entityId: string | null;
  title: string;
  body: string;
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function toItem(r: NotificationRow): NotificationItem {
  return {
    id: r.id,
    kind: r.kind,
    entityKind: r.entityKind,
    entityId: r.entityId,
    title: r.title,
    body: r.body,
    actorName: r.actorName,
    read: r.readAt !== null,
    createdAt: r.createdAt.toISOString(),
  };
}

export const notificationsService = {
  // In-app notification for each recipient except the actor; with `mail`, an e-mail through the
  // outbox as well. Returns the members that were notified.
  async notify(ctx: TenantContext, input: NotifyInput, mail?: { mailer: Mailer; publicUrl: string }): Promise<Member[]> {
    const ids = [...new Set(input.recipients)].filter((id) => id !== ctx.tenantUserId);
    const members = await notificationsRepository.members(ctx, { ids });
    const inserted = await notificationsRepository.insert(
      ctx,
      members.map((m) => ({
        recipientId: m.tenantUserId,
        kind: input.kind,
        entityKind: input.entityKind,
        entityId: input.entityId,
        title: input.title,
        body: input.body,
      })),
    );
    await publishNotificationEvents(ctx, inserted);
    if (mail) {
      for (const m of members) {
        await mail.mailer.send({
          to: m.email,
          subject: input.title,
          text: `${input.title}\n\n${input.body}\n\n${mail.publicUrl}`,
          html: `<p>${escapeHtml(input.title)}</p><blockquote>${escapeHtml(input.body)}</blockquote><p><a href="${escapeHtml(mail.publicUrl)}">Open Atrium</a></p>`,
        });
      }
    }
    return members;
  },

  async list(ctx: TenantContext, q: { page: number; pageSize: number; unreadOnly?: boolean | undefined }) {
    const { rows, total, unread } = await notificationsRepository.list(ctx, q.page, q.pageSize, q.unreadOnly ?? false);
    return { data: rows.map(toItem), total, unread };
  },

  unreadCount: (ctx: TenantContext) => notificationsRepository.unreadCount(ctx),

  async markRead(
    ctx: TenantContext,
    body: { ids?: string[] | undefined; all?: boolean | undefined },
  ): Promise<{ updated: number; unread: number }> {
    const updated = body.all
      ? await notificationsRepository.markRead(ctx, 'all')
      : await notificationsRepository.markRead(ctx, body.ids ?? []);
    return { updated, unread: await notificationsRepository.unreadCount(ctx) };
  },
};
