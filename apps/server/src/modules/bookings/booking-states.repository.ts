import { sql } from 'drizzle-orm';
import type { TenantScope } from '../../platform/context';

export type BookingStateRow = { resourceId: string; status: 'Booked' | 'CheckedIn' | 'Held'; bookerName: string | null; until: string };

// The live booking of each resource at a moment: one that covers it, or one whose check-in window
// (`earlyMs` before its start) is open — checked in first, then the one that started earliest —
// else a portal visitor's hold of it not yet run out (no booker yet: no name).
export async function liveBookingsAt(
  ctx: TenantScope,
  resourceIds: readonly string[],
  at: Date,
  earlyMs: number,
): Promise<BookingStateRow[]> {
  if (resourceIds.length === 0) return [];
  const res = await ctx.db.execute<BookingStateRow>(sql`
    select distinct on (b.resource_id) b.resource_id as "resourceId", b.status,
      coalesce(u.name, tu.email) as "bookerName",
      to_char(b.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as until
    from bookings b
    left join tenant_users tu on tu.tenant_id = b.tenant_id and tu.id = b.booker_id
    left join users u on u.id = tu.user_id
    where b.tenant_id = ${ctx.tenantId}
      and b.resource_id in (select (jsonb_array_elements_text(${JSON.stringify(resourceIds)}::jsonb))::uuid)
      and (b.status in ('Booked', 'CheckedIn') or (b.status = 'Held' and b.held_until > ${at.toISOString()}))
      and b.starts_at <= ${new Date(at.getTime() + earlyMs).toISOString()} and b.ends_at > ${at.toISOString()}
    order by b.resource_id, (b.status = 'CheckedIn') desc, (b.status = 'Held'), b.starts_at, b.id`);
  return res.rows;
}
