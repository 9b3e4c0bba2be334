import { sql } from 'drizzle-orm';
import type { TenantScope } from '../../platform/context';

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export type ConnectionRow = {
  id: string;
  provider: 'google' | 'microsoft';
  accountEmail: string | null;
  ownerId: string;
  ownerName: string;
  createdAt: string;
};

// Whether the member (tenant user) is still one of the workspace's.
export async function memberExists(ctx: TenantScope, tenantUserId: string): Promise<boolean> {
  const res = await ctx.db.execute(sql`select 1 from tenant_users where tenant_id = ${ctx.tenantId} and id = ${tenantUserId}`);
  return res.rows.length > 0;
}

// The member's connection of a provider, made or replaced (connecting again).
export async function upsertConnection(
  ctx: TenantScope,
  c: { ownerId: string; provider: 'google' | 'microsoft'; accountEmail: string | null; scopes: string; refreshToken: string | null },
): Promise<string> {
  const res = await ctx.db.execute<{ id: string }>(sql`
    insert into calendar_connections (tenant_id, owner_id, provider, account_email, scopes, refresh_token)
    values (${ctx.tenantId}, ${c.ownerId}, ${c.provider}, ${c.accountEmail}, ${c.scopes}, ${c.refreshToken})
    on conflict (tenant_id, owner_id, provider) do update set account_email = excluded.account_email, scopes = excluded.scopes,
      refresh_token = excluded.refresh_token, created_at = now()
    returning id`);
  return String(res.rows[0]?.id);
}

export async function workspaceConnections(ctx: TenantScope): Promise<ConnectionRow[]> {
  const res = await ctx.db.execute<ConnectionRow>(sql`
    select c.id, c.provider, c.account_email as "accountEmail", c.owner_id as "ownerId",
      coalesce(u.name, tu.email, '') as "ownerName", ${iso('c.created_at')} as "createdAt"
    from calendar_connections c
    join tenant_users tu on tu.tenant_id = c.tenant_id and tu.id = c.owner_id
    left join users u on u.id = tu.user_id
    where c.tenant_id = ${ctx.tenantId}
    order by c.created_at desc, c.id`);
  return res.rows;
}

// Deletes a connection of the workspace; its provider and sealed refresh token, to revoke at the provider.
export async function deleteConnection(
  ctx: TenantScope,
  id: string,
): Promise<{ provider: 'google' | 'microsoft'; refreshToken: string | null } | undefined> {
  const res = await ctx.db.execute<{ provider: 'google' | 'microsoft'; refreshToken: string | null }>(sql`
    delete from calendar_connections where tenant_id = ${ctx.tenantId} and id = ${id}
    returning provider, refresh_token as "refreshToken"`);
  return res.rows[0];
}
