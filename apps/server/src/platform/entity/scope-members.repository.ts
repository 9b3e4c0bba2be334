import { sql, type SQL } from 'drizzle-orm';
import type { TenantScope } from '../context';

// The members of a record with roles of its own (role-scope.ts: a project, a helpdesk): one row per
// workspace user in the owner kind's member table — `tenant_id`, the owner's id column,
// `tenant_user_id`, a role column, `updated_at` — unique per (tenant, owner, user). The member's
// own columns (its role, its role's name) and the joins they need are the module's.
export type MemberTable = {
  table: string;
  owner: string;
  role: string;
  // selected after "tenantUserId" and "user", on the member row m (and the joins)
  columns: SQL;
  joins?: SQL;
};

export function scopeMembers<M>(t: MemberTable) {
  const table = sql.identifier(t.table);
  const owner = sql.identifier(t.owner);
  const role = sql.identifier(t.role);
  const columns = sql`m.tenant_user_id as "tenantUserId",
    json_build_object('id', m.tenant_user_id, 'title', coalesce(u.name, tu.email)) as "user", ${t.columns}`;
  const from = sql`${table} m ${t.joins ?? sql``}
    join tenant_users tu on tu.tenant_id = m.tenant_id and tu.id = m.tenant_user_id
    left join users u on u.id = tu.user_id`;
  const member = (ctx: TenantScope, ownerId: string, tenantUserId: string) =>
    sql`tenant_id = ${ctx.tenantId} and ${owner} = ${ownerId} and tenant_user_id = ${tenantUserId}`;
  return {
    async membersOf(ctx: TenantScope, ownerId: string): Promise<M[]> {
      const res = await ctx.db.execute(sql`
        select ${columns} from ${from}
        where m.tenant_id = ${ctx.tenantId} and m.${owner} = ${ownerId} order by lower(coalesce(u.name, tu.email)), m.id`);
      return res.rows as M[];
    },
    async memberOf(ctx: TenantScope, ownerId: string, tenantUserId: string): Promise<M | undefined> {
      const res = await ctx.db.execute(sql`
        select ${columns} from ${from}
        where m.tenant_id = ${ctx.tenantId} and m.${owner} = ${ownerId} and m.tenant_user_id = ${tenantUserId}`);
      return res.rows[0] as M | undefined;
    },
    // false: the user is a member already
    async insertMember(ctx: TenantScope, ownerId: string, tenantUserId: string, roleValue: string): Promise<boolean> {
      const res = await ctx.db.execute(sql`
        insert into ${table} (tenant_id, ${owner}, tenant_user_id, ${role})
        values (${ctx.tenantId}, ${ownerId}, ${tenantUserId}, ${roleValue})
        on conflict (tenant_id, ${owner}, tenant_user_id) do nothing returning id`);
      return res.rows.length > 0;
    },
    async updateMember(ctx: TenantScope, ownerId: string, tenantUserId: string, roleValue: string): Promise<boolean> {
      const res = await ctx.db.execute(sql`
        update ${table} set ${role} = ${roleValue}, updated_at = now() where ${member(ctx, ownerId, tenantUserId)} returning id`);
      return res.rows.length > 0;
    },
    async deleteMember(ctx: TenantScope, ownerId: string, tenantUserId: string): Promise<boolean> {
      const res = await ctx.db.execute(sql`delete from ${table} where ${member(ctx, ownerId, tenantUserId)} returning id`);
      return res.rows.length > 0;
    },
  };
}

// An active member of the workspace (not a portal user): the only people a record's roles take.
export async function isWorkspaceMember(ctx: TenantScope, tenantUserId: string): Promise<boolean> {
  const res = await ctx.db.execute(sql`select 1 from tenant_users where tenant_id = ${ctx.tenantId} and id = ${tenantUserId}`);
  return res.rows.length > 0;
}
