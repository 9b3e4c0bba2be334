import { sql, type SQL } from 'drizzle-orm';
import type { TenantScope } from '../../platform/context';
import { inIdList } from '../../platform/sql.util';

// The workspace's booking pages (archived ones included, those in the recycle bin not, as the
// helpdesks are counted), under an advisory lock so two creates cannot both pass the limit.
export async function countPagesLocked(ctx: TenantScope): Promise<number> {
  await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`booking-pages:${ctx.tenantId}`}, 0))`);
  const res = await ctx.db.execute<{ n: number }>(sql`
    select count(*)::int as n from booking_pages p where p.tenant_id = ${ctx.tenantId} and p.deleted_at is null`);
  return res.rows[0]?.n ?? 0;
}

// Is the slug another page's (in the recycle bin too: its row keeps the unique key)?
export async function slugTaken(ctx: TenantScope, slug: string, exceptId: string | null): Promise<boolean> {
  const res = await ctx.db.execute(sql`
    select 1 from booking_pages p where p.tenant_id = ${ctx.tenantId} and p.slug = ${slug}
      and (${exceptId}::uuid is null or p.id <> ${exceptId}::uuid) limit 1`);
  return res.rows.length > 0;
}

// Which of these ids are live resources (or resource types) of the workspace.
export async function existingResourceIds(ctx: TenantScope, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const res = await ctx.db.execute<{ id: string }>(sql`
    select r.id from resources r where r.tenant_id = ${ctx.tenantId} and r.deleted_at is null and ${inIdList(sql`r.id`, ids)}`);
  return new Set(res.rows.map((r) => r.id));
}
// The live contacts and organizations of the workspace among these ids (a Restricted page's list).
export async function existingContactIds(ctx: TenantScope, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const res = await ctx.db.execute<{ id: string }>(sql`
    select c.id from contacts c where c.tenant_id = ${ctx.tenantId} and c.deleted_at is null and ${inIdList(sql`c.id`, ids)}`);
  return new Set(res.rows.map((r) => r.id));
}
export async function existingOrganizationIds(ctx: TenantScope, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const res = await ctx.db.execute<{ id: string }>(sql`
    select o.id from organizations o where o.tenant_id = ${ctx.tenantId} and o.deleted_at is null and ${inIdList(sql`o.id`, ids)}`);
  return new Set(res.rows.map((r) => r.id));
}
export async function existingTypeIds(ctx: TenantScope, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const res = await ctx.db.execute<{ id: string }>(sql`
    select t.id from resource_types t where t.tenant_id = ${ctx.tenantId} and t.deleted_at is null and ${inIdList(sql`t.id`, ids)}`);
  return new Set(res.rows.map((r) => r.id));
}

// A member who does not manage booking pages sees those offered to everyone (the engine's row
// rule, on the alias t).
export const everyoneRule = (): SQL => sql`t.internal_visibility = 'Everyone'`;
