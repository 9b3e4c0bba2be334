import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';
import type { Db } from '../../platform/database';
import { roles, subscriptions, tenants, tenantUsers } from './admin.table';
import { inIdList } from '../../platform/sql.util';

export type TenantRow = typeof tenants.$inferSelect;

export async function slugExists(db: Db, slug: string): Promise<boolean> {
  const rows = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug)).limit(1);
  return rows.length > 0;
}

export async function insert(db: Db, values: typeof tenants.$inferInsert): Promise<TenantRow> {
  const [row] = await db.insert(tenants).values(values).returning();
  if (!row) throw new Error('tenant insert returned nothing');
  return row;
}

export async function byId(db: Db, id: string): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id));
  return row;
}

export async function setTenant(db: Db, tenantId: string): Promise<void> {
  await db.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
}

// the creator's language names what a new workspace starts with
export async function cultureOf(db: Db, userId: string): Promise<string | undefined> {
  const res = await db.execute<{ culture: string }>(sql`select culture from users where id = ${userId}`);
  return res.rows[0]?.culture;
}

export async function insertRoles(db: Db, tenantId: string, values: { name: string; systemKey: string; permissions: string[] }[]) {
  return db
    .insert(roles)
    .values(values.map((v) => ({ tenantId, ...v })))
    .returning({ id: roles.id, systemKey: roles.systemKey });
}

export async function insertMember(db: Db, values: typeof tenantUsers.$inferInsert) {
  const [row] = await db.insert(tenantUsers).values(values).returning();
  if (!row) throw new Error('member insert returned nothing');
  return row;
}

export async function insertDefaultTeam(db: Db, tenantId: string, name: string) {
  const res = await db.execute<{ id: string }>(
    sql`insert into teams (tenant_id, name, is_default) values (${tenantId}, ${name}, true) returning id`,
  );
  const row = res.rows[0];
  if (!row) throw new Error('team insert returned nothing');
  return row;
}

export async function defaultTeamId(db: Db, tenantId: string): Promise<string | undefined> {
  const res = await db.execute<{ id: string }>(sql`select id from teams where tenant_id = ${tenantId} and is_default`);
  return res.rows[0]?.id;
}

// teams are the CRM module's (crm/teams.table.ts): plain SQL, as for the default team above
export async function addTeamMember(db: Db, tenantId: string, teamId: string, tenantUserId: string) {
  await db.execute(sql`
    insert into team_members (tenant_id, team_id, tenant_user_id) values (${tenantId}, ${teamId}, ${tenantUserId})
    on conflict do nothing`);
}

export async function insertSubscriptions(
  db: Db,
  tenantId: string,
  values: { productType: 'Project' | 'Helpdesk' | 'Workplace'; planSlug: string }[],
) {
  await db.insert(subscriptions).values(values.map((v) => ({ tenantId, ...v })));
}

// Runs as the owner through a security-definer function: the one cross-tenant read.
export async function membershipsOf(db: Db, userId: string) {
  const res = await db.execute<{ tenant_id: string; tenant_user_id: string; role_name: string }>(
    sql`select tenant_id, tenant_user_id, role_name from atrium_user_memberships(${userId}::uuid)`,
  );
  return res.rows;
}

export async function byIds(db: Db, ids: string[]): Promise<TenantRow[]> {
  return db.select().from(tenants).where(inIdList(tenants.id, ids)).orderBy(tenants.name);
}

// only workspaces that proved the domain (decision 033)
export async function recommendedFor(db: Db, domain: string, excludeIds: string[]): Promise<TenantRow[]> {
  const rows = await db
    .select()
    .from(tenants)
    .where(and(eq(tenants.domain, domain), eq(tenants.domainSignUp, true), isNotNull(tenants.domainVerifiedAt), ne(tenants.slug, '')))
    .orderBy(tenants.name);
  return rows.filter((r) => !excludeIds.includes(r.id));
}

export async function memberRoleId(db: Db, tenantId: string, systemKey: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.systemKey, systemKey)));
  return row?.id;
}

// The caller's own workspace: the predicate names the tenant of the context.
export async function current(ctx: TenantContext): Promise<TenantRow | undefined> {
  const [row] = await ctx.db.select().from(tenants).where(eq(tenants.id, ctx.tenantId));
  return row;
}

export async function updateCurrent(ctx: TenantContext, values: Partial<typeof tenants.$inferInsert>): Promise<TenantRow | undefined> {
  const [row] = await ctx.db
    .update(tenants)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tenants.id, ctx.tenantId))
    .returning();
  return row;
}

// A wrong code counts against the five a code allows, in one statement.
export async function countCodeAttempt(ctx: TenantContext): Promise<void> {
  await ctx.db
    .update(tenants)
    .set({ domainCodeAttempts: sql`${tenants.domainCodeAttempts} + 1` })
    .where(eq(tenants.id, ctx.tenantId));
}
