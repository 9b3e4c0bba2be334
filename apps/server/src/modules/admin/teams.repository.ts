import { sql } from 'drizzle-orm';
import type { TenantScope } from '../../platform/context';
import { containsPattern } from '../../platform/sql.util';

export type TeamRow = { id: string; name: string; isDefault: boolean };
export type TeamMemberRow = { tenantUserId: string; name: string; email: string; status: 'invited' | 'active'; addedAt: string };

const ids = (list: readonly string[]) => sql`${sql.param([...list])}::uuid[]`;

// A team's members (workspace users), its invite link and the permissions it grants.
export const teamsRepository = {
  async byId(ctx: TenantScope, id: string): Promise<TeamRow | undefined> {
    const res = await ctx.db.execute<TeamRow>(
      sql`select id, name, is_default as "isDefault" from teams where tenant_id = ${ctx.tenantId} and id = ${id}`,
    );
    return res.rows[0];
  },

  // locks the team's row: concurrent member changes of one team queue (the minimum holds)
  async lock(ctx: TenantScope, id: string): Promise<void> {
    await ctx.db.execute(sql`select 1 from teams where tenant_id = ${ctx.tenantId} and id = ${id} for update`);
  },

  async members(
    ctx: TenantScope,
    teamId: string,
    q: { search?: string | undefined; limit: number; offset: number },
  ): Promise<{ rows: TeamMemberRow[]; total: number }> {
    const like = q.search ? containsPattern(q.search) : undefined;
    const res = await ctx.db.execute<TeamMemberRow & { total: number }>(sql`
      select tu.id as "tenantUserId", coalesce(nullif(u.name, ''), tu.email) as name, tu.email, tu.status,
        to_char(tm.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "addedAt", count(*) over ()::int as total
      from team_members tm
      join tenant_users tu on tu.tenant_id = tm.tenant_id and tu.id = tm.tenant_user_id
      left join users u on u.id = tu.user_id
      where tm.tenant_id = ${ctx.tenantId} and tm.team_id = ${teamId}
        ${like ? sql`and (u.name ilike ${like} or tu.email ilike ${like})` : sql``}
      order by lower(coalesce(nullif(u.name, ''), tu.email)), tu.id
      limit ${q.limit} offset ${q.offset}`);
    const total = res.rows[0]?.total ?? 0;
    return { rows: res.rows.map(({ total: _t, ...r }) => r), total };
  },

  async memberCount(ctx: TenantScope, teamId: string): Promise<number> {
    const res = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from team_members where tenant_id = ${ctx.tenantId} and team_id = ${teamId}`,
    );
    return res.rows[0]?.n ?? 0;
  },

  // the listed memberships of this workspace (invited or active)
  async existingUsers(ctx: TenantScope, list: readonly string[]): Promise<Set<string>> {
    if (list.length === 0) return new Set();
    const res = await ctx.db.execute<{ id: string }>(
      sql`select id from tenant_users where tenant_id = ${ctx.tenantId} and id = any(${ids(list)})`,
    );
    return new Set(res.rows.map((r) => r.id));
  },

  async addMembers(ctx: TenantScope, teamId: string, list: readonly string[]): Promise<void> {
    if (list.length === 0) return;
    await ctx.db.execute(sql`
      insert into team_members (tenant_id, team_id, tenant_user_id)
      select ${ctx.tenantId}, ${teamId}, u from unnest(${ids(list)}) u
      on conflict do nothing`);
  },

  async removeMembers(ctx: TenantScope, teamId: string, list: readonly string[]): Promise<void> {
    if (list.length === 0) return;
    await ctx.db.execute(
      sql`delete from team_members where tenant_id = ${ctx.tenantId} and team_id = ${teamId} and tenant_user_id = any(${ids(list)})`,
    );
  },

  async invitedMembers(ctx: TenantScope, teamId: string): Promise<string[]> {
    const res = await ctx.db.execute<{ id: string }>(sql`
      select tu.id from team_members tm join tenant_users tu on tu.tenant_id = tm.tenant_id and tu.id = tm.tenant_user_id
      where tm.tenant_id = ${ctx.tenantId} and tm.team_id = ${teamId} and tu.status = 'invited'`);
    return res.rows.map((r) => r.id);
  },

  async setInviteLink(ctx: TenantScope, teamId: string, tokenHash: string, expiresAt: Date, createdBy: string): Promise<void> {
    await ctx.db.execute(sql`
      insert into team_invite_links (tenant_id, team_id, token_hash, expires_at, created_by)
      values (${ctx.tenantId}, ${teamId}, ${tokenHash}, ${expiresAt.toISOString()}, ${createdBy})
      on conflict (tenant_id, team_id) do update set token_hash = excluded.token_hash, expires_at = excluded.expires_at,
        created_by = excluded.created_by, created_at = now()`);
  },

  async deleteInviteLink(ctx: TenantScope, teamId: string): Promise<boolean> {
    const res = await ctx.db.execute(sql`delete from team_invite_links where tenant_id = ${ctx.tenantId} and team_id = ${teamId}`);
    return (res.rowCount ?? 0) > 0;
  },

  async inviteLinkByHash(ctx: TenantScope, tokenHash: string): Promise<{ teamId: string; teamName: string; expiresAt: Date } | undefined> {
    const res = await ctx.db.execute<{ teamId: string; teamName: string; expiresAt: string }>(sql`
      select l.team_id as "teamId", t.name as "teamName", l.expires_at as "expiresAt"
      from team_invite_links l join teams t on t.tenant_id = l.tenant_id and t.id = l.team_id
      where l.tenant_id = ${ctx.tenantId} and l.token_hash = ${tokenHash}`);
    const row = res.rows[0];
    return row ? { ...row, expiresAt: new Date(row.expiresAt) } : undefined;
  },

  async activeMembership(ctx: TenantScope, userId: string): Promise<string | undefined> {
    const res = await ctx.db.execute<{ id: string }>(
      sql`select id from tenant_users where tenant_id = ${ctx.tenantId} and user_id = ${userId} and status = 'active'`,
    );
    return res.rows[0]?.id;
  },

  async permissions(ctx: TenantScope, teamId: string): Promise<string[]> {
    const res = await ctx.db.execute<{ permissions: string[] }>(
      sql`select permissions from team_permissions where tenant_id = ${ctx.tenantId} and team_id = ${teamId}`,
    );
    return res.rows[0]?.permissions ?? [];
  },

  async setPermissions(ctx: TenantScope, teamId: string, permissions: readonly string[]): Promise<void> {
    await ctx.db.execute(sql`
      insert into team_permissions (tenant_id, team_id, permissions) values (${ctx.tenantId}, ${teamId}, ${sql.param([...permissions])}::text[])
      on conflict (tenant_id, team_id) do update set permissions = excluded.permissions, updated_at = now()`);
  },
};
