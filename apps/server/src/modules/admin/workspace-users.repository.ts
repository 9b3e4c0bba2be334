import type { WorkspaceUserList } from '@atrium/domain';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { users } from '../../identity';
import type { TenantScope } from '../../platform/context';
import { containsPattern } from '../../platform/sql.util';
import { roles, tenantUsers } from './admin.table';

const columns = {
  tenantUserId: tenantUsers.id,
  userId: tenantUsers.userId,
  email: tenantUsers.email,
  name: users.name,
  roleId: tenantUsers.roleId,
  roleName: roles.name,
  roleKey: roles.systemKey,
  status: tenantUsers.status,
  invitedAt: tenantUsers.createdAt,
  joinedAt: tenantUsers.joinedAt,
  version: tenantUsers.version,
};

export type WorkspaceUserRow = {
  tenantUserId: string;
  userId: string | null;
  email: string;
  name: string | null;
  roleId: string;
  roleName: string;
  roleKey: string | null;
  status: 'invited' | 'active';
  invitedAt: Date;
  joinedAt: Date | null;
  version: string;
};

const SORTS = {
  email: tenantUsers.email,
  name: users.name,
  role: roles.name,
  status: tenantUsers.status,
  invitedAt: tenantUsers.createdAt,
} as const;

function base(ctx: TenantScope) {
  return ctx.db
    .select({ ...columns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(tenantUsers)
    .innerJoin(roles, and(eq(roles.tenantId, tenantUsers.tenantId), eq(roles.id, tenantUsers.roleId)))
    .leftJoin(users, eq(users.id, tenantUsers.userId));
}

// Every predicate names the tenant: row-level security is the second wall, not the only one.
const inTenant = (ctx: TenantScope) => eq(tenantUsers.tenantId, ctx.tenantId);

export async function list(ctx: TenantScope, q: WorkspaceUserList): Promise<{ rows: WorkspaceUserRow[]; total: number }> {
  const where: SQL[] = [inTenant(ctx)];
  if (q.search) {
    const term = containsPattern(q.search);
    const match = or(ilike(tenantUsers.email, term), ilike(users.name, term));
    if (match) where.push(match);
  }
  if (q.status) where.push(eq(tenantUsers.status, q.status));
  const order = (q.sort ?? [{ field: 'email', order: 'asc' }]).map((s) =>
    s.order === 'desc' ? desc(SORTS[s.field]) : asc(SORTS[s.field]),
  );
  const rows = await base(ctx)
    .where(and(...where))
    .orderBy(...order, asc(tenantUsers.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, total: rows[0]?.total ?? (q.page > 1 ? await count(ctx, where) : 0) };
}

export async function count(ctx: TenantScope, where: SQL[]): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(tenantUsers)
    .leftJoin(users, eq(users.id, tenantUsers.userId))
    .where(and(inTenant(ctx), ...where));
  return row?.n ?? 0;
}

export async function byId(ctx: TenantScope, id: string): Promise<WorkspaceUserRow | undefined> {
  const [row] = await base(ctx).where(and(inTenant(ctx), eq(tenantUsers.id, id)));
  return row;
}

export async function byEmail(ctx: TenantScope, email: string) {
  const [row] = await ctx.db
    .select({ id: tenantUsers.id })
    .from(tenantUsers)
    .where(and(inTenant(ctx), eq(tenantUsers.email, email)));
  return row;
}

export async function roleExists(ctx: TenantScope, roleId: string) {
  const [row] = await ctx.db
    .select({ id: roles.id, systemKey: roles.systemKey })
    .from(roles)
    .where(and(eq(roles.tenantId, ctx.tenantId), eq(roles.id, roleId)));
  return row;
}

export async function insertInvited(
  ctx: TenantScope,
  values: { email: string; roleId: string; tokenHash: string; expiresAt: Date; invitedBy: string },
) {
  const [row] = await ctx.db
    .insert(tenantUsers)
    .values({
      tenantId: ctx.tenantId,
      email: values.email,
      roleId: values.roleId,
      status: 'invited',
      inviteTokenHash: values.tokenHash,
      inviteExpiresAt: values.expiresAt,
      invitedBy: values.invitedBy,
    })
    .returning({ id: tenantUsers.id });
  if (!row) throw new Error('invite insert returned nothing');
  return row;
}

// invitations nobody accepted, expired before `before`
export async function deleteExpiredInvitations(ctx: TenantScope, before: Date): Promise<number> {
  const rows = await ctx.db
    .delete(tenantUsers)
    .where(
      and(inTenant(ctx), eq(tenantUsers.status, 'invited'), sql`${tenantUsers.inviteExpiresAt} < ${before.toISOString()}::timestamptz`),
    )
    .returning({ id: tenantUsers.id });
  return rows.length;
}

export async function setInviteToken(ctx: TenantScope, id: string, tokenHash: string, expiresAt: Date) {
  await ctx.db
    .update(tenantUsers)
    .set({ inviteTokenHash: tokenHash, inviteExpiresAt: expiresAt, updatedAt: new Date() })
    .where(and(inTenant(ctx), eq(tenantUsers.id, id)));
}

export async function setRole(ctx: TenantScope, id: string, roleId: string) {
  await ctx.db
    .update(tenantUsers)
    .set({ roleId, version: sql`gen_random_uuid()::text`, updatedAt: new Date() })
    .where(and(inTenant(ctx), eq(tenantUsers.id, id)));
}

export async function remove(ctx: TenantScope, id: string) {
  await ctx.db.delete(tenantUsers).where(and(inTenant(ctx), eq(tenantUsers.id, id)));
}

// Locks every active admin row, so two concurrent demotions cannot both pass the check.
export async function lockActiveAdmins(ctx: TenantScope): Promise<string[]> {
  const rows = await ctx.db.execute<{ id: string }>(sql`
    select tu.id from tenant_users tu
    join roles r on r.tenant_id = tu.tenant_id and r.id = tu.role_id
    where tu.tenant_id = ${ctx.tenantId} and r.system_key = 'Admin' and tu.status = 'active'
    for update of tu`);
  return rows.rows.map((r) => r.id);
}

export async function byTokenHash(ctx: TenantScope, tokenHash: string) {
  const [row] = await ctx.db
    .select({ id: tenantUsers.id, email: tenantUsers.email, status: tenantUsers.status, expiresAt: tenantUsers.inviteExpiresAt })
    .from(tenantUsers)
    .where(and(inTenant(ctx), eq(tenantUsers.inviteTokenHash, tokenHash)));
  return row;
}

export async function activeMembership(ctx: TenantScope, userId: string): Promise<string | undefined> {
  const res = await ctx.db.execute<{ id: string }>(
    sql`select id from tenant_users where tenant_id = ${ctx.tenantId} and user_id = ${userId} and status = 'active'`,
  );
  return res.rows[0]?.id;
}

export async function activate(ctx: TenantScope, id: string, userId: string) {
  await ctx.db
    .update(tenantUsers)
    .set({ userId, status: 'active', joinedAt: new Date(), inviteTokenHash: null, inviteExpiresAt: null, updatedAt: new Date() })
    .where(and(inTenant(ctx), eq(tenantUsers.id, id)));
}

export async function isMemberUser(ctx: TenantScope, userId: string) {
  const [row] = await ctx.db
    .select({ id: tenantUsers.id })
    .from(tenantUsers)
    .where(and(inTenant(ctx), eq(tenantUsers.userId, userId)));
  return row;
}
