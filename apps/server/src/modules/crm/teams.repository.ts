import { sql, type SQL } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';
import { escapeLike } from '../../platform/sql.util';

const ids = (list: readonly string[]) => sql`${sql.param([...list])}::uuid[]`;

// What the CRM keeps about teams: a name taken once per workspace, the teams a contact belongs
// to, and the contacts list's conditions for "related to this team".
export const crmTeamsRepository = {
  async nameTaken(ctx: TenantContext, name: string, exceptId: string | undefined): Promise<boolean> {
    const res = await ctx.db.execute(sql`
      select 1 from teams where tenant_id = ${ctx.tenantId} and lower(name) = lower(${name})
        ${exceptId ? sql`and id <> ${exceptId}` : sql``}`);
    return res.rows.length > 0;
  },

  async teamsOfContact(ctx: TenantContext, contactId: string): Promise<{ id: string; name: string; isDefault: boolean }[]> {
    const res = await ctx.db.execute<{ id: string; name: string; isDefault: boolean }>(sql`
      select t.id, t.name, t.is_default as "isDefault" from team_contacts tc
      join teams t on t.tenant_id = tc.tenant_id and t.id = tc.from_id
      where tc.tenant_id = ${ctx.tenantId} and tc.to_id = ${contactId}
      order by lower(t.name), t.id`);
    return res.rows;
  },

  // replaces the contact's teams with the listed ones
  async setTeamsOfContact(ctx: TenantContext, contactId: string, teamIds: readonly string[]): Promise<void> {
    await ctx.db.execute(sql`
      delete from team_contacts where tenant_id = ${ctx.tenantId} and to_id = ${contactId} and not (from_id = any(${ids(teamIds)}))`);
    if (teamIds.length === 0) return;
    await ctx.db.execute(sql`
      insert into team_contacts (tenant_id, from_id, to_id, created_by)
      select ${ctx.tenantId}, t, ${contactId}, ${ctx.tenantUserId} from unnest(${ids(teamIds)}) t
      on conflict do nothing`);
  },

  async existingTeams(ctx: TenantContext, list: readonly string[]): Promise<Set<string>> {
    if (list.length === 0) return new Set();
    const res = await ctx.db.execute<{ id: string }>(
      sql`select id from teams where tenant_id = ${ctx.tenantId} and id = any(${ids(list)})`,
    );
    return new Set(res.rows.map((r) => r.id));
  },

  async queryOfTeam(ctx: TenantContext, teamId: string, customQueryId: string): Promise<boolean> {
    const res = await ctx.db.execute(sql`
      select 1 from team_custom_queries where tenant_id = ${ctx.tenantId} and from_id = ${teamId} and to_id = ${customQueryId}`);
    return res.rows.length > 0;
  },

  // distinct values of a contact column that start with the typed text, for the query editor
  async suggestions(ctx: TenantContext, column: string, search: string, limit: number): Promise<string[]> {
    const col: SQL = sql`t.${sql.identifier(column)}`;
    const res = await ctx.db.execute<{ value: string }>(sql`
      select distinct ${col}::text as value from contacts t
      where t.tenant_id = ${ctx.tenantId} and t.archived_at is null and ${col} is not null and ${col}::text <> ''
        and ${col}::text ilike ${`${escapeLike(search)}%`}
      order by 1 limit ${limit}`);
    return res.rows.map((r) => r.value);
  },
};
