import type { EntityKind, NotificationCause } from '@atrium/domain';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';
import { notifications, type NotificationRow } from './notifications.table';
import { containsPattern, inIdList } from '../../platform/sql.util';

export type NotificationInsert = {
  recipientId: string;
  kind: 'Mention' | 'Followed';
  cause: NotificationCause;
  entityKind: EntityKind | null;
  entityId: string | null;
  recordTitle: string | null;
  title: string;
  body: string;
};

export type Member = { tenantUserId: string; userId: string | null; name: string; email: string; pictureId: string | null };

const mine = (ctx: TenantContext) => and(eq(notifications.tenantId, ctx.tenantId), eq(notifications.recipientId, ctx.tenantUserId));

export async function insert(ctx: TenantContext, rows: readonly NotificationInsert[]): Promise<{ id: string; recipientId: string }[]> {
  if (rows.length === 0) return [];
  return ctx.db
    .insert(notifications)
    .values(rows.map((r) => ({ ...r, tenantId: ctx.tenantId, actorId: ctx.tenantUserId, actorName: ctx.user.name })))
    .returning({ id: notifications.id, recipientId: notifications.recipientId });
}

export async function list(
  ctx: TenantContext,
  page: number,
  pageSize: number,
  unreadOnly: boolean,
): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  const where = unreadOnly ? and(mine(ctx), isNull(notifications.readAt)) : mine(ctx);
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [totals] = await ctx.db
    .select({ total: count(), unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)::int` })
    .from(notifications)
    .where(mine(ctx));
  return { rows, total: unreadOnly ? (totals?.unread ?? 0) : (totals?.total ?? 0), unread: totals?.unread ?? 0 };
}

export async function unreadCount(ctx: TenantContext): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(notifications)
    .where(and(mine(ctx), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export async function markRead(ctx: TenantContext, ids: readonly string[] | 'all'): Promise<number> {
  const rows = await ctx.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(mine(ctx), isNull(notifications.readAt), ...(ids === 'all' ? [] : [inIdList(notifications.id, [...ids])])))
    .returning({ id: notifications.id });
  return rows.length;
}

// Active members of the workspace (tenant_users joined with users), optionally only `ids`.
export async function members(ctx: TenantContext, opts: { ids?: readonly string[]; search?: string; limit?: number }): Promise<Member[]> {
  if (opts.ids && opts.ids.length === 0) return [];
  const like = opts.search ? containsPattern(opts.search) : undefined;
  const res = await ctx.db.execute<{ id: string; user_id: string | null; name: string; email: string; picture_id: string | null }>(sql`
    select tu.id, tu.user_id, coalesce(nullif(u.name, ''), tu.email) as name, tu.email,
      (select p.id::text from user_pictures p where p.user_id = tu.user_id order by p.created_at desc limit 1) as picture_id
    from tenant_users tu left join users u on u.id = tu.user_id
    where tu.tenant_id = ${ctx.tenantId} and tu.status = 'active'
      ${
        opts.ids
          ? sql`and tu.id in (${sql.join(
              opts.ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
          : sql``
      }
      ${like ? sql`and (u.name ilike ${like} or tu.email ilike ${like})` : sql``}
    order by lower(coalesce(nullif(u.name, ''), tu.email)), tu.id
    ${opts.limit ? sql`limit ${opts.limit}` : sql``}`);
  return res.rows.map((r) => ({ tenantUserId: r.id, userId: r.user_id, name: r.name, email: r.email, pictureId: r.picture_id }));
}
