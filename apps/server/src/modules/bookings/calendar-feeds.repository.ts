import { sql } from 'drizzle-orm';
import type { TenantContext, TenantScope } from '../../platform/context';

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export type FeedRow = {
  id: string;
  ownerId: string;
  resourceId: string | null;
  resourceTitle: string | null;
  createdAt: string;
  lastReadAt: string | null;
};

const FEED = sql`
  select f.id, f.owner_id as "ownerId", f.resource_id as "resourceId", r.name as "resourceTitle",
    ${iso('f.created_at')} as "createdAt", ${iso('f.last_read_at')} as "lastReadAt"
  from calendar_feeds f
  left join resources r on r.tenant_id = f.tenant_id and r.id = f.resource_id`;

export async function insertFeed(ctx: TenantContext, resourceId: string | null, tokenHash: string): Promise<string> {
  const res = await ctx.db.execute<{ id: string }>(sql`
    insert into calendar_feeds (tenant_id, owner_id, resource_id, token_hash)
    values (${ctx.tenantId}, ${ctx.tenantUserId}, ${resourceId}, ${tokenHash}) returning id`);
  const id = res.rows[0]?.id;
  if (!id) throw new Error('insert into calendar_feeds returned no row');
  return id;
}

// The member's live feeds, newest first.
export async function feedsOf(ctx: TenantScope, ownerId: string, id?: string): Promise<FeedRow[]> {
  const res = await ctx.db.execute<FeedRow>(sql`${FEED}
    where f.tenant_id = ${ctx.tenantId} and f.owner_id = ${ownerId} and f.revoked_at is null
      ${id ? sql`and f.id = ${id}` : sql``}
    order by f.created_at desc, f.id`);
  return res.rows;
}

export async function revokeFeed(ctx: TenantScope, ownerId: string, id: string): Promise<boolean> {
  const res = await ctx.db.execute(sql`update calendar_feeds set revoked_at = now()
    where tenant_id = ${ctx.tenantId} and owner_id = ${ownerId} and id = ${id} and revoked_at is null`);
  return (res.rowCount ?? 0) > 0;
}

// A live feed by its token's hash whose owner is still an active member (a member who left
// takes their feeds along); its read time is noted.
export async function readFeed(ctx: TenantScope, tokenHash: string): Promise<FeedRow | undefined> {
  const res = await ctx.db.execute<FeedRow>(sql`
    with hit as (
      update calendar_feeds f set last_read_at = now()
      from tenant_users tu
      where f.tenant_id = ${ctx.tenantId} and f.token_hash = ${tokenHash} and f.revoked_at is null
        and tu.tenant_id = f.tenant_id and tu.id = f.owner_id and tu.status = 'active'
      returning f.*
    )
    select f.id, f.owner_id as "ownerId", f.resource_id as "resourceId", r.name as "resourceTitle",
      ${iso('f.created_at')} as "createdAt", ${iso('f.last_read_at')} as "lastReadAt"
    from hit f
    left join resources r on r.tenant_id = f.tenant_id and r.id = f.resource_id and r.deleted_at is null`);
  return res.rows[0];
}

export async function workspaceName(ctx: TenantScope): Promise<string> {
  const res = await ctx.db.execute<{ name: string }>(sql`select name from tenants where id = ${ctx.tenantId}`);
  return res.rows[0]?.name ?? '';
}

export async function resourceVisible(ctx: TenantScope, id: string): Promise<boolean> {
  const res = await ctx.db.execute(sql`select 1 from resources where tenant_id = ${ctx.tenantId} and id = ${id} and deleted_at is null`);
  return res.rows.length > 0;
}

export type WorkspaceFeedRow = FeedRow & { ownerName: string };

// Every live feed of the workspace (calendar integrations, decision 093 round six), newest first.
export async function workspaceFeeds(ctx: TenantScope): Promise<WorkspaceFeedRow[]> {
  const res = await ctx.db.execute<WorkspaceFeedRow>(sql`
    select f.id, f.owner_id as "ownerId", coalesce(u.name, tu.email, '') as "ownerName",
      f.resource_id as "resourceId", r.name as "resourceTitle",
      ${iso('f.created_at')} as "createdAt", ${iso('f.last_read_at')} as "lastReadAt"
    from calendar_feeds f
    join tenant_users tu on tu.tenant_id = f.tenant_id and tu.id = f.owner_id
    left join users u on u.id = tu.user_id
    left join resources r on r.tenant_id = f.tenant_id and r.id = f.resource_id
    where f.tenant_id = ${ctx.tenantId} and f.revoked_at is null
    order by f.created_at desc, f.id`);
  return res.rows;
}

// Revokes any live feed of the workspace (an administrator's revoke).
export async function revokeAnyFeed(ctx: TenantScope, id: string): Promise<boolean> {
  const res = await ctx.db.execute(sql`update calendar_feeds set revoked_at = now()
    where tenant_id = ${ctx.tenantId} and id = ${id} and revoked_at is null`);
  return (res.rowCount ?? 0) > 0;
}
