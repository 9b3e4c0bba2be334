import { sql, type SQL } from 'drizzle-orm';
import type { TenantContext, TenantScope } from '../../platform/context';
import { containsPattern, prefixPattern } from '../../platform/sql.util';

export type TeamRow = { id: string; name: string; isDefault: boolean };
export type TeamMemberRow = { tenantUserId: string; name: string; email: string; status: 'invited' | 'active'; addedAt: string };

const ids = (list: readonly string[]) => sql`${sql.param([...list])}::uuid[]`;

// Teams: a team by id, its members (workspace users), its invite link and the permissions it
// grants; the contacts it relates to and the contact values its custom queries suggest.
export async function byId(ctx: TenantScope, id: string): Promise<TeamRow | undefined> {
  const res = await ctx.db.execute<TeamRow>(
    sql`select id, name, is_default as "isDefault" from teams where tenant_id = ${ctx.tenantId} and id = ${id} and deleted_at is null`,
  );
  return res.rows[0];
}

// locks the team's row: concurrent member changes of one team queue (the minimum holds)
export async function lock(ctx: TenantScope, id: string): Promise<void> {
  await ctx.db.execute(sql`select 1 from teams where tenant_id = ${ctx.tenantId} and id = ${id} for update`);
}

export async function members(
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
}

export async function memberCount(ctx: TenantScope, teamId: string): Promise<number> {
  const res = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from team_members where tenant_id = ${ctx.tenantId} and team_id = ${teamId}`,
  );
  return res.rows[0]?.n ?? 0;
}

// the listed memberships of this workspace (invited or active)
export async function existingUsers(ctx: TenantScope, list: readonly string[]): Promise<Set<string>> {
  if (list.length === 0) return new Set();
  const res = await ctx.db.execute<{ id: string }>(
    sql`select id from tenant_users where tenant_id = ${ctx.tenantId} and id = any(${ids(list)})`,
  );
  return new Set(res.rows.map((r) => r.id));
}

export async function addMembers(ctx: TenantScope, teamId: string, list: readonly string[]): Promise<void> {
  if (list.length === 0) return;
  await ctx.db.execute(sql`
    insert into team_members (tenant_id, team_id, tenant_user_id)
    select ${ctx.tenantId}, ${teamId}, u from unnest(${ids(list)}) u
    on conflict do nothing`);
}

export async function removeMembers(ctx: TenantScope, teamId: string, list: readonly string[]): Promise<void> {
  if (list.length === 0) return;
  await ctx.db.execute(
    sql`delete from team_members where tenant_id = ${ctx.tenantId} and team_id = ${teamId} and tenant_user_id = any(${ids(list)})`,
  );
}

export async function invitedMembers(ctx: TenantScope, teamId: string): Promise<string[]> {
  const res = await ctx.db.execute<{ id: string }>(sql`
    select tu.id from team_members tm join tenant_users tu on tu.tenant_id = tm.tenant_id and tu.id = tm.tenant_user_id
    where tm.tenant_id = ${ctx.tenantId} and tm.team_id = ${teamId} and tu.status = 'invited'`);
  return res.rows.map((r) => r.id);
}

export async function setInviteLink(
  ctx: TenantScope,
  teamId: string,
  tokenHash: string,
  expiresAt: Date,
  createdBy: string,
): Promise<void> {
  await ctx.db.execute(sql`
    insert into team_invite_links (tenant_id, team_id, token_hash, expires_at, created_by)
    values (${ctx.tenantId}, ${teamId}, ${tokenHash}, ${expiresAt.toISOString()}, ${createdBy})
    on conflict (tenant_id, team_id) do update set token_hash = excluded.token_hash, expires_at = excluded.expires_at,
      created_by = excluded.created_by, created_at = now()`);
}

export async function deleteInviteLink(ctx: TenantScope, teamId: string): Promise<boolean> {
  const res = await ctx.db.execute(sql`delete from team_invite_links where tenant_id = ${ctx.tenantId} and team_id = ${teamId}`);
  return (res.rowCount ?? 0) > 0;
}

export async function inviteLinkByHash(
  ctx: TenantScope,
  tokenHash: string,
): Promise<{ teamId: string; teamName: string; expiresAt: Date } | undefined> {
  const res = await ctx.db.execute<{ teamId: string; teamName: string; expiresAt: string }>(sql`
    select l.team_id as "teamId", t.name as "teamName", l.expires_at as "expiresAt"
    from team_invite_links l join teams t on t.tenant_id = l.tenant_id and t.id = l.team_id
    where l.tenant_id = ${ctx.tenantId} and l.token_hash = ${tokenHash} and t.deleted_at is null`);
  const row = res.rows[0];
  return row ? { ...row, expiresAt: new Date(row.expiresAt) } : undefined;
}

export async function permissions(ctx: TenantScope, teamId: string): Promise<string[]> {
  const res = await ctx.db.execute<{ permissions: string[] }>(
    sql`select permissions from team_permissions where tenant_id = ${ctx.tenantId} and team_id = ${teamId}`,
  );
  return res.rows[0]?.permissions ?? [];
}

export async function setPermissions(ctx: TenantScope, teamId: string, permissions: readonly string[]): Promise<void> {
  await ctx.db.execute(sql`
    insert into team_permissions (tenant_id, team_id, permissions) values (${ctx.tenantId}, ${teamId}, ${sql.param([...permissions])}::text[])
    on conflict (tenant_id, team_id) do update set permissions = excluded.permissions, updated_at = now()`);
}

export async function nameTaken(ctx: TenantScope, name: string, exceptId: string | undefined): Promise<boolean> {
  const res = await ctx.db.execute(sql`
    select 1 from teams where tenant_id = ${ctx.tenantId} and lower(name) = lower(${name})
      ${exceptId ? sql`and id <> ${exceptId}` : sql``}`);
  return res.rows.length > 0;
}

export async function teamsOfContact(ctx: TenantScope, contactId: string): Promise<{ id: string; name: string; isDefault: boolean }[]> {
  const res = await ctx.db.execute<{ id: string; name: string; isDefault: boolean }>(sql`
    select t.id, t.name, t.is_default as "isDefault" from team_contacts tc
    join teams t on t.tenant_id = tc.tenant_id and t.id = tc.from_id
    where tc.tenant_id = ${ctx.tenantId} and tc.to_id = ${contactId} and t.deleted_at is null
    order by lower(t.name), t.id`);
  return res.rows;
}

// replaces the contact's teams with the listed ones
export async function setTeamsOfContact(ctx: TenantContext, contactId: string, teamIds: readonly string[]): Promise<void> {
  await ctx.db.execute(sql`
    delete from team_contacts where tenant_id = ${ctx.tenantId} and to_id = ${contactId} and not (from_id = any(${ids(teamIds)}))`);
  if (teamIds.length === 0) return;
  await ctx.db.execute(sql`
    insert into team_contacts (tenant_id, from_id, to_id, created_by)
    select ${ctx.tenantId}, t, ${contactId}, ${ctx.tenantUserId} from unnest(${ids(teamIds)}) t
    on conflict do nothing`);
}

export async function existingTeams(ctx: TenantScope, list: readonly string[]): Promise<Set<string>> {
  if (list.length === 0) return new Set();
  const res = await ctx.db.execute<{ id: string }>(
    sql`select id from teams where tenant_id = ${ctx.tenantId} and id = any(${ids(list)}) and deleted_at is null`,
  );
  return new Set(res.rows.map((r) => r.id));
}

export async function queryOfTeam(ctx: TenantScope, teamId: string, customQueryId: string): Promise<boolean> {
  const res = await ctx.db.execute(sql`
    select 1 from team_custom_queries where tenant_id = ${ctx.tenantId} and from_id = ${teamId} and to_id = ${customQueryId}`);
  return res.rows.length > 0;
}

// distinct values of a contact column that start with the typed text, for the query editor
export async function suggestions(ctx: TenantScope, column: string, search: string, limit: number): Promise<string[]> {
  const col: SQL = sql`t.${sql.identifier(column)}`;
  const res = await ctx.db.execute<{ value: string }>(sql`
    select distinct ${col}::text as value from contacts t
    where t.tenant_id = ${ctx.tenantId} and t.archived_at is null and ${col} is not null and ${col}::text <> ''
      and ${col}::text ilike ${prefixPattern(search)}
    order by 1 limit ${limit}`);
  return res.rows.map((r) => r.value);
}
