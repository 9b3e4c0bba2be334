import { helpdeskRolesGranting, type HelpdeskMember, type HelpdeskRole, type Permission } from '@atrium/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { TenantContext, TenantScope } from '../../platform/context';
import { isWorkspaceMember, scopeMembers } from '../../platform/entity';
import { inIdList } from '../../platform/sql.util';

// a helpdesk's members and their roles (one shape with a project's: the engine's scope members)
const members = scopeMembers<HelpdeskMember>({ table: 'helpdesk_members', owner: 'helpdesk_id', role: 'role', columns: sql`m.role` });
export const { membersOf, memberOf, deleteMember } = members;
export { isWorkspaceMember };
// false: the user is a member of the helpdesk already
export const insertMember = (ctx: TenantScope, helpdeskId: string, tenantUserId: string, role: HelpdeskRole): Promise<boolean> =>
  members.insertMember(ctx, helpdeskId, tenantUserId, role);
export const updateMember = (ctx: TenantScope, helpdeskId: string, tenantUserId: string, role: HelpdeskRole): Promise<boolean> =>
  members.updateMember(ctx, helpdeskId, tenantUserId, role);

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
