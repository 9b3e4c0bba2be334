import type { EntityKind } from '@atrium/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';
import { collaborators } from './collaborators.table';

export type CollaboratorRecord = {
  id: string;
  entity_kind: EntityKind;
  entity_id: string;
  tenant_user_id: string;
  name: string;
  email: string;
  picture_id: string | null;
  created_at: Date;
};

// Only active members count as collaborators: a removed member stops following.
const listSql = (ctx: TenantContext, kind: EntityKind, entityId: string) => sql`
  from collaborators c
  join tenant_users tu on tu.tenant_id = c.tenant_id and tu.id = c.tenant_user_id and tu.status = 'active'
  left join users u on u.id = tu.user_id
  where c.tenant_id = ${ctx.tenantId} and c.entity_kind = ${kind} and c.entity_id = ${entityId}`;

export async function list(
  ctx: TenantContext,
  kind: EntityKind,
  entityId: string,
  page?: { limit: number; offset: number },
): Promise<CollaboratorRecord[]> {
  const res = await ctx.db.execute<CollaboratorRecord>(sql`
    select c.id, c.entity_kind, c.entity_id, c.tenant_user_id, coalesce(nullif(u.name, ''), tu.email) as name, tu.email, c.created_at,
      (select p.id::text from user_pictures p where p.user_id = tu.user_id order by p.created_at desc limit 1) as picture_id
    ${listSql(ctx, kind, entityId)}
    order by c.created_at, c.id
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`);
  return res.rows;
}

export async function count(ctx: TenantContext, kind: EntityKind, entityId: string): Promise<number> {
  const res = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n ${listSql(ctx, kind, entityId)}`);
  return res.rows[0]?.n ?? 0;
}

export async function followers(ctx: TenantContext, kind: EntityKind, entityId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: collaborators.tenantUserId })
    .from(collaborators)
    .where(and(eq(collaborators.tenantId, ctx.tenantId), eq(collaborators.entityKind, kind), eq(collaborators.entityId, entityId)));
  return rows.map((r) => r.id);
}

export async function insert(ctx: TenantContext, kind: EntityKind, entityId: string, tenantUserIds: readonly string[]): Promise<void> {
  if (tenantUserIds.length === 0) return;
  await ctx.db
    .insert(collaborators)
    .values(
      tenantUserIds.map((tenantUserId) => ({
        tenantId: ctx.tenantId,
        entityKind: kind,
        entityId,
        tenantUserId,
        createdBy: ctx.tenantUserId,
      })),
    )
    .onConflictDoNothing();
}

export async function get(ctx: TenantContext, id: string) {
  const [row] = await ctx.db
    .select()
    .from(collaborators)
    .where(and(eq(collaborators.tenantId, ctx.tenantId), eq(collaborators.id, id)));
  return row;
}

export async function remove(ctx: TenantContext, id: string): Promise<boolean> {
  const rows = await ctx.db
    .delete(collaborators)
    .where(and(eq(collaborators.tenantId, ctx.tenantId), eq(collaborators.id, id)))
    .returning({ id: collaborators.id });
  return rows.length > 0;
}
