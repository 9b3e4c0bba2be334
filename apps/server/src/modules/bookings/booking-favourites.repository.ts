import type { BookingFavourite } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import type { TenantScope } from '../../platform/context';

// A member's favourite resources, by name; binned or archived resources are left out.
export async function favouritesOf(ctx: TenantScope, tenantUserId: string): Promise<BookingFavourite[]> {
  const res = await ctx.db.execute<BookingFavourite>(sql`
    select jsonb_build_object('id', r.id, 'title', r.name) as resource,
      case when t.id is null then null else jsonb_build_object('id', t.id, 'title', t.name) end as "resourceType",
      case when l.id is null then null else jsonb_build_object('id', l.id, 'title', l.name) end as location
    from booking_favourites f
    join resources r on r.tenant_id = f.tenant_id and r.id = f.resource_id and r.deleted_at is null and r.archived_at is null
    left join resource_types t on t.tenant_id = r.tenant_id and t.id = r.resource_type_id and t.deleted_at is null
    left join locations l on l.tenant_id = r.tenant_id and l.id = r.location_id and l.deleted_at is null
    where f.tenant_id = ${ctx.tenantId} and f.tenant_user_id = ${tenantUserId}
    order by r.name, r.id`);
  return res.rows;
}

export async function countOf(ctx: TenantScope, tenantUserId: string): Promise<number> {
  const res = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from booking_favourites where tenant_id = ${ctx.tenantId} and tenant_user_id = ${tenantUserId}`,
  );
  return res.rows[0]?.n ?? 0;
}

// true when it was not a favourite before
export async function addFavourite(ctx: TenantScope, tenantUserId: string, resourceId: string): Promise<boolean> {
  const res = await ctx.db.execute(sql`
    insert into booking_favourites (tenant_id, tenant_user_id, resource_id) values (${ctx.tenantId}, ${tenantUserId}, ${resourceId})
    on conflict do nothing returning resource_id`);
  return res.rows.length > 0;
}

export async function removeFavourite(ctx: TenantScope, tenantUserId: string, resourceId: string): Promise<void> {
  await ctx.db.execute(sql`delete from booking_favourites
    where tenant_id = ${ctx.tenantId} and tenant_user_id = ${tenantUserId} and resource_id = ${resourceId}`);
}
