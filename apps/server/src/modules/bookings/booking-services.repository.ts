import { sql } from 'drizzle-orm';
import type { TenantScope } from '../../platform/context';

// A live service (neither binned nor archived) and where it is offered.
export type ServiceRow = {
  id: string;
  title: string;
  description: string | null;
  locationId: string | null;
  resourceTypeId: string | null;
  leadTimeMinutes: number | null;
  price: number | null;
  notifyEmail: string | null;
};

const SERVICE = sql`
  select s.id, s.name as title, s.description, s.location_id as "locationId", s.resource_type_id as "resourceTypeId",
    s.lead_time_minutes as "leadTimeMinutes", s.price::float8 as price, s.notify_email as "notifyEmail"
  from booking_services s`;

// The services offered for a resource: those of its location or of every location, and of its
// type or of every type.
export async function offeredFor(ctx: TenantScope, resourceId: string): Promise<ServiceRow[]> {
  const res = await ctx.db.execute<ServiceRow>(sql`${SERVICE}
    join resources r on r.tenant_id = s.tenant_id and r.id = ${resourceId}
    where s.tenant_id = ${ctx.tenantId} and s.deleted_at is null and s.archived_at is null
      and (s.location_id is null or s.location_id = r.location_id)
      and (s.resource_type_id is null or s.resource_type_id = r.resource_type_id)
    order by s.name, s.id`);
  return res.rows;
}

export type OrderRow = { serviceId: string; title: string; quantity: number; note: string | null; notifyEmail: string | null };

export async function ordersOf(ctx: TenantScope, bookingId: string): Promise<OrderRow[]> {
  const res = await ctx.db.execute<OrderRow>(sql`
    select o.service_id as "serviceId", s.name as title, o.quantity, o.note, s.notify_email as "notifyEmail"
    from booking_service_orders o join booking_services s on s.tenant_id = o.tenant_id and s.id = o.service_id
    where o.tenant_id = ${ctx.tenantId} and o.booking_id = ${bookingId}
    order by s.name, s.id`);
  return res.rows;
}

export async function replaceOrders(
  ctx: TenantScope,
  bookingId: string,
  orders: readonly { serviceId: string; quantity: number; note: string | null }[],
): Promise<void> {
  await ctx.db.execute(sql`delete from booking_service_orders where tenant_id = ${ctx.tenantId} and booking_id = ${bookingId}`);
  if (orders.length === 0) return;
  await ctx.db.execute(sql`
    insert into booking_service_orders (tenant_id, booking_id, service_id, quantity, note)
    select ${ctx.tenantId}, ${bookingId}, o.service_id, o.quantity, o.note
    from jsonb_to_recordset(${JSON.stringify(orders.map((o) => ({ service_id: o.serviceId, quantity: o.quantity, note: o.note })))}::jsonb)
      as o(service_id uuid, quantity int, note text)`);
}
