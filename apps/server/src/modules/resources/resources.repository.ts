import type { MyResources } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import type { TenantContext, TenantScope } from '../../platform/context';

const LIVE = (alias: string) => sql.raw(`${alias}.deleted_at is null`);

// The workspace's locations (archived ones too: they still count), after taking the
// workspace's location lock, so two creations at once cannot both pass the plan limit.
export async function countLocationsLocked(ctx: TenantScope): Promise<number> {
  await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`locations:${ctx.tenantId}`}, 0))`);
  const res = await ctx.db.execute<{ n: number }>(sql`
    select count(*)::int as n from locations l where l.tenant_id = ${ctx.tenantId} and ${LIVE('l')}`);
  return res.rows[0]?.n ?? 0;
}

export async function typeCapacity(ctx: TenantScope, typeId: string): Promise<number | null> {
  const res = await ctx.db.execute<{ capacity: number | null }>(sql`
    select capacity_default as capacity from resource_types t
    where t.tenant_id = ${ctx.tenantId} and t.id = ${typeId} and ${LIVE('t')}`);
  return res.rows[0]?.capacity ?? null;
}

export type LockedResource = {
  version: number;
  holderId: string | null;
  checkedOutAt: string | null;
  bookableMode: string | null;
  typeTitle: string | null;
};

// The resource and its type's bookable mode, locked for a check-out or check-in: two calls on
// one item run one after the other, and the second sees the first's holder.
export async function lockResource(ctx: TenantScope, id: string): Promise<LockedResource | undefined> {
  const res = await ctx.db.execute<LockedResource>(sql`
    select r.version, r.holder_id as "holderId", r.checked_out_at::text as "checkedOutAt",
      t.bookable_mode as "bookableMode", t.name as "typeTitle"
    from resources r left join resource_types t on t.tenant_id = r.tenant_id and t.id = r.resource_type_id
    where r.tenant_id = ${ctx.tenantId} and r.id = ${id} and ${LIVE('r')}
    for update of r`);
  return res.rows[0];
}

export async function resourceVersion(ctx: TenantScope, id: string): Promise<number | undefined> {
  const res = await ctx.db.execute<{ version: number }>(sql`
    select r.version from resources r where r.tenant_id = ${ctx.tenantId} and r.id = ${id} and ${LIVE('r')}`);
  const row = res.rows[0];
  return row ? Number(row.version) : undefined;
}

// A member of the workspace (invited or joined) and the name shown for them.
export async function memberName(ctx: TenantScope, tenantUserId: string): Promise<string | undefined> {
  const res = await ctx.db.execute<{ name: string }>(sql`
    select coalesce(u.name, tu.email) as name from tenant_users tu left join users u on u.id = tu.user_id
    where tu.tenant_id = ${ctx.tenantId} and tu.id = ${tenantUserId}`);
  return res.rows[0]?.name;
}

export async function setHolder(ctx: TenantContext, id: string, holderId: string | null, at: Date | null): Promise<void> {
  await ctx.db.execute(sql`
    update resources set holder_id = ${holderId}, checked_out_at = ${at ? at.toISOString() : null},
      version = version + 1, updated_at = now(), updated_by = ${ctx.tenantUserId}
    where tenant_id = ${ctx.tenantId} and id = ${id}`);
}

const MY_RESOURCES_SHOWN = 20;

export async function myResources(ctx: TenantContext): Promise<MyResources> {
  const res = await ctx.db.execute<MyResources['resources'][number] & { total: number }>(sql`
    select r.id, r.name as title, t.name as "resourceTypeTitle", l.name as "locationTitle",
      to_char(r.checked_out_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "checkedOutAt",
      count(*) over ()::int as total
    from resources r
    left join resource_types t on t.tenant_id = r.tenant_id and t.id = r.resource_type_id
    left join locations l on l.tenant_id = r.tenant_id and l.id = r.location_id and l.deleted_at is null
    where r.tenant_id = ${ctx.tenantId} and r.holder_id = ${ctx.tenantUserId} and ${LIVE('r')}
    order by r.checked_out_at asc, r.id
    limit ${MY_RESOURCES_SHOWN}`);
  return { total: res.rows[0]?.total ?? 0, resources: res.rows.map(({ total: _total, ...r }) => r) };
}
