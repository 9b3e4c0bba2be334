import { helpdeskRolesGranting, type HelpdeskMember, type HelpdeskRole, type Permission } from '@atrium/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { TenantContext, TenantScope } from '../../platform/context';
import { inIdList } from '../../platform/sql.util';

const MEMBER_COLUMNS = sql`m.tenant_user_id as "tenantUserId",
  json_build_object('id', m.tenant_user_id, 'title', coalesce(u.name, tu.email)) as "user", m.role`;
const MEMBER_FROM = sql`helpdesk_members m
  join tenant_users tu on tu.tenant_id = m.tenant_id and tu.id = m.tenant_user_id
  left join users u on u.id = tu.user_id`;

export async function membersOf(ctx: TenantScope, helpdeskId: string): Promise<HelpdeskMember[]> {
  const res = await ctx.db.execute<HelpdeskMember>(sql`
    select ${MEMBER_COLUMNS} from ${MEMBER_FROM}
    where m.tenant_id = ${ctx.tenantId} and m.helpdesk_id = ${helpdeskId} order by lower(coalesce(u.name, tu.email)), m.id`);
  return res.rows;
}

export async function memberOf(ctx: TenantScope, helpdeskId: string, tenantUserId: string): Promise<HelpdeskMember | undefined> {
  const res = await ctx.db.execute<HelpdeskMember>(sql`
    select ${MEMBER_COLUMNS} from ${MEMBER_FROM}
    where m.tenant_id = ${ctx.tenantId} and m.helpdesk_id = ${helpdeskId} and m.tenant_user_id = ${tenantUserId}`);
  return res.rows[0];
}

export async function isWorkspaceMember(ctx: TenantScope, tenantUserId: string): Promise<boolean> {
  const res = await ctx.db.execute(sql`select 1 from tenant_users where tenant_id = ${ctx.tenantId} and id = ${tenantUserId}`);
  return res.rows.length > 0;
}

// false: the user is a member of the helpdesk already
export async function insertMember(ctx: TenantScope, helpdeskId: string, tenantUserId: string, role: HelpdeskRole): Promise<boolean> {
  const res = await ctx.db.execute(sql`
    insert into helpdesk_members (tenant_id, helpdesk_id, tenant_user_id, role)
    values (${ctx.tenantId}, ${helpdeskId}, ${tenantUserId}, ${role})
    on conflict (tenant_id, helpdesk_id, tenant_user_id) do nothing returning id`);
  return res.rows.length > 0;
}

export async function updateMember(ctx: TenantScope, helpdeskId: string, tenantUserId: string, role: HelpdeskRole): Promise<boolean> {
  const res = await ctx.db.execute(sql`
    update helpdesk_members set role = ${role}, updated_at = now()
    where tenant_id = ${ctx.tenantId} and helpdesk_id = ${helpdeskId} and tenant_user_id = ${tenantUserId} returning id`);
  return res.rows.length > 0;
}

export async function deleteMember(ctx: TenantScope, helpdeskId: string, tenantUserId: string): Promise<boolean> {
  const res = await ctx.db.execute(sql`
    delete from helpdesk_members
    where tenant_id = ${ctx.tenantId} and helpdesk_id = ${helpdeskId} and tenant_user_id = ${tenantUserId} returning id`);
  return res.rows.length > 0;
}

export async function deleteMembersOf(ctx: TenantScope, helpdeskIds: readonly string[]): Promise<void> {
  if (helpdeskIds.length === 0) return;
  await ctx.db.execute(sql`delete from helpdesk_members where tenant_id = ${ctx.tenantId} and ${inIdList(sql`helpdesk_id`, helpdeskIds)}`);
}

// The caller's role in a helpdesk (undefined: not a member).
export async function roleIn(ctx: TenantContext, helpdeskId: string): Promise<HelpdeskRole | undefined> {
  const res = await ctx.db.execute<{ role: HelpdeskRole }>(sql`
    select role from helpdesk_members
    where tenant_id = ${ctx.tenantId} and helpdesk_id = ${helpdeskId} and tenant_user_id = ${ctx.tenantUserId}`);
  return res.rows[0]?.role;
}

// The caller's roles in any helpdesk.
export async function rolesHeld(ctx: TenantContext): Promise<HelpdeskRole[]> {
  const res = await ctx.db.execute<{ role: HelpdeskRole }>(sql`
    select distinct role from helpdesk_members where tenant_id = ${ctx.tenantId} and tenant_user_id = ${ctx.tenantUserId}`);
  return res.rows.map((r) => r.role);
}

// The caller's role in the helpdesk whose id is `helpdesk` grants `permission`: one probe of the
// (tenant, helpdesk, user) unique index, for the engine's reads (RoleGrantSql).
export function roleGrantSql(ctx: TenantContext, helpdesk: SQL, permission: Permission): SQL {
  const roles = helpdeskRolesGranting(permission);
  if (roles.length === 0) return sql`false`;
  return sql`exists (select 1 from helpdesk_members hm
    where hm.tenant_id = ${ctx.tenantId} and hm.helpdesk_id = ${helpdesk} and hm.tenant_user_id = ${ctx.tenantUserId}
      and hm.role = any(${sql.param(roles)}::text[]))`;
}
