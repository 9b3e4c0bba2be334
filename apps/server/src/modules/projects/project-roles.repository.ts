import type { ProjectMember, ProjectRole } from '@atrium/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { TenantContext, TenantScope } from '../../platform/context';
import { isWorkspaceMember, scopeMembers } from '../../platform/entity';
import { inIdList } from '../../platform/sql.util';

const ROLE_COLUMNS = sql`r.id, r.owner_id as "ownerId", r.name, r.permissions,
  (select count(*)::int from project_members m where m.tenant_id = r.tenant_id and m.role_id = r.id) as "memberCount"`;

export async function rolesOf(ctx: TenantScope, ownerId: string): Promise<ProjectRole[]> {
  const res = await ctx.db.execute<ProjectRole>(sql`
    select ${ROLE_COLUMNS} from project_roles r
    where r.tenant_id = ${ctx.tenantId} and r.owner_id = ${ownerId} order by lower(r.name), r.id`);
  return res.rows;
}

export async function roleOf(ctx: TenantScope, ownerId: string, id: string): Promise<ProjectRole | undefined> {
  const res = await ctx.db.execute<ProjectRole>(sql`
    select ${ROLE_COLUMNS} from project_roles r
    where r.tenant_id = ${ctx.tenantId} and r.owner_id = ${ownerId} and r.id = ${id}`);
  return res.rows[0];
}

export async function countRoles(ctx: TenantScope, ownerId: string): Promise<number> {
  const res = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from project_roles where tenant_id = ${ctx.tenantId} and owner_id = ${ownerId}`,
  );
  return res.rows[0]?.n ?? 0;
}

// undefined: another role of the owner has the name (whatever the case)
export async function insertRole(
  ctx: TenantScope,
  ownerId: string,
  name: string,
  permissions: readonly string[],
): Promise<string | undefined> {
  const res = await ctx.db.execute<{ id: string }>(sql`
    insert into project_roles (tenant_id, owner_id, name, permissions)
    values (${ctx.tenantId}, ${ownerId}, ${name}, ${sql.param([...permissions])}::text[])
    on conflict (tenant_id, owner_id, lower(name)) do nothing returning id`);
  return res.rows[0]?.id;
}

// 'duplicate': another role of the owner has the name; undefined: no such role
export async function updateRole(
  ctx: TenantScope,
  ownerId: string,
  id: string,
  name: string,
  permissions: readonly string[],
): Promise<'updated' | 'duplicate' | undefined> {
  const taken = await ctx.db.execute(sql`
    select 1 from project_roles where tenant_id = ${ctx.tenantId} and owner_id = ${ownerId} and id <> ${id} and lower(name) = lower(${name})`);
  if (taken.rows.length > 0) return 'duplicate';
  const res = await ctx.db.execute(sql`
    update project_roles set name = ${name}, permissions = ${sql.param([...permissions])}::text[], updated_at = now()
    where tenant_id = ${ctx.tenantId} and owner_id = ${ownerId} and id = ${id} returning id`);
  return res.rows.length > 0 ? 'updated' : undefined;
}

export async function deleteRole(ctx: TenantScope, ownerId: string, id: string): Promise<boolean> {
  const res = await ctx.db.execute(
    sql`delete from project_roles where tenant_id = ${ctx.tenantId} and owner_id = ${ownerId} and id = ${id} returning id`,
  );
  return res.rows.length > 0;
}

export async function deleteRolesOf(ctx: TenantScope, ownerIds: readonly string[]): Promise<void> {
  if (ownerIds.length === 0) return;
  await ctx.db.execute(sql`
    delete from project_members where tenant_id = ${ctx.tenantId}
      and role_id in (select id from project_roles where tenant_id = ${ctx.tenantId} and ${inIdList(sql`owner_id`, ownerIds)})`);
  await ctx.db.execute(sql`delete from project_roles where tenant_id = ${ctx.tenantId} and ${inIdList(sql`owner_id`, ownerIds)}`);
}

// One owner's roles copied to another (a template's to a new project, a project's to a new template).
export async function copyRoles(ctx: TenantScope, fromOwner: string, toOwner: string): Promise<void> {
  await ctx.db.execute(sql`
    insert into project_roles (tenant_id, owner_id, name, permissions)
    select tenant_id, ${toOwner}, name, permissions from project_roles
    where tenant_id = ${ctx.tenantId} and owner_id = ${fromOwner}
    on conflict (tenant_id, owner_id, lower(name)) do nothing`);
}

// a project's members and their roles (one shape with a helpdesk's: the engine's scope members)
const members = scopeMembers<ProjectMember>({
  table: 'project_members',
  owner: 'project_id',
  role: 'role_id',
  columns: sql`m.role_id as "roleId", r.name as "roleName"`,
  joins: sql`join project_roles r on r.tenant_id = m.tenant_id and r.id = m.role_id`,
});
export const { membersOf, memberOf, insertMember, updateMember, deleteMember } = members;
export { isWorkspaceMember };

// The permissions the caller's project role gives in a project (none when not a member).
export async function rolePermissionsIn(
  ctx: TenantContext,
  projectId: string,
): Promise<{ roleId: string; permissions: string[] } | undefined> {
  const res = await ctx.db.execute<{ roleId: string; permissions: string[] }>(sql`
    select r.id as "roleId", r.permissions from project_members m
    join project_roles r on r.tenant_id = m.tenant_id and r.id = m.role_id
    where m.tenant_id = ${ctx.tenantId} and m.project_id = ${projectId} and m.tenant_user_id = ${ctx.tenantUserId}`);
  return res.rows[0];
}

// Every permission the caller's roles grant in any project (one probe per membership).
export async function heldPermissions(ctx: TenantContext): Promise<string[]> {
  const res = await ctx.db.execute<{ permission: string }>(sql`
    select distinct unnest(r.permissions) as permission from project_members m
    join project_roles r on r.tenant_id = m.tenant_id and r.id = m.role_id
    where m.tenant_id = ${ctx.tenantId} and m.tenant_user_id = ${ctx.tenantUserId}`);
  return res.rows.map((r) => r.permission);
}

// The caller's role in the project whose id is `project` grants `permission`: one probe of the
// (tenant, project, user) unique index per project, for the engine's reads (RoleGrantSql).
export function roleGrantSql(ctx: TenantContext, project: SQL, permission: string): SQL {
  return sql`exists (select 1 from project_members pm join project_roles pr on pr.tenant_id = pm.tenant_id and pr.id = pm.role_id
    where pm.tenant_id = ${ctx.tenantId} and pm.project_id = ${project} and pm.tenant_user_id = ${ctx.tenantUserId}
      and ${permission} = any(pr.permissions))`;
}
