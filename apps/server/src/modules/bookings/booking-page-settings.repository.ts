import { sql } from 'drizzle-orm';
import type { BookingTimeSlot } from '@atrium/domain';
import type { TenantScope } from '../../platform/context';
import { inIdList } from '../../platform/sql.util';

const DAY_ORDER = sql`array_position(array['mon','tue','wed','thu','fri','sat','sun'], s.day)`;

// A live booking page of the workspace (not binned), locked for the rest of the transaction when
// asked (two saves of one page's settings take turns); `everyoneOnly`: a member who does not
// manage pages sees only those offered to everyone.
export async function pageOf(
  ctx: TenantScope,
  id: string,
  opts: { lock?: boolean; everyoneOnly?: boolean } = {},
): Promise<{ id: string; locationId: string } | undefined> {
  const res = await ctx.db.execute<{ id: string; locationId: string }>(sql`
    select p.id, p.location_id as "locationId" from booking_pages p
     where p.tenant_id = ${ctx.tenantId} and p.id = ${id} and p.deleted_at is null
       ${opts.everyoneOnly ? sql`and p.internal_visibility = 'Everyone'` : sql``}
     ${opts.lock ? sql`for update` : sql``}`);
  return res.rows[0];
}

// The page's windows, by weekday and start.
export async function timeSlotsOf(ctx: TenantScope, pageId: string): Promise<BookingTimeSlot[]> {
  const res = await ctx.db.execute<BookingTimeSlot>(sql`
    select s.day, s.starts_at as start, s.ends_at as "end" from booking_page_time_slots s
     where s.tenant_id = ${ctx.tenantId} and s.page_id = ${pageId}
     order by ${DAY_ORDER}, s.starts_at`);
  return res.rows;
}

export async function replaceTimeSlots(ctx: TenantScope, pageId: string, slots: readonly BookingTimeSlot[]): Promise<void> {
  await ctx.db.execute(sql`delete from booking_page_time_slots where tenant_id = ${ctx.tenantId} and page_id = ${pageId}`);
  if (slots.length === 0) return;
  const rows = slots.map((s) => sql`(${ctx.tenantId}, ${pageId}, ${s.day}, ${s.start}, ${s.end})`);
  await ctx.db.execute(sql`
    insert into booking_page_time_slots (tenant_id, page_id, day, starts_at, ends_at) values ${sql.join(rows, sql`, `)}`);
}

export type PageMap = { id: string; name: string; level: string; locationId: string };

// The floor maps the page shows, in its order.
export async function mapsOf(ctx: TenantScope, pageId: string): Promise<PageMap[]> {
  const res = await ctx.db.execute<PageMap>(sql`
    select f.id, f.name, f.level, f.location_id as "locationId" from booking_page_maps m
      join floor_maps f on f.tenant_id = m.tenant_id and f.id = m.floor_map_id
     where m.tenant_id = ${ctx.tenantId} and m.page_id = ${pageId}
     order by m.position`);
  return res.rows;
}

// Which of these ids are floor maps of the workspace.
export async function existingFloorMapIds(ctx: TenantScope, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const res = await ctx.db.execute<{ id: string }>(sql`
    select f.id from floor_maps f where f.tenant_id = ${ctx.tenantId} and ${inIdList(sql`f.id`, ids)}`);
  return new Set(res.rows.map((r) => r.id));
}

export async function replaceMaps(ctx: TenantScope, pageId: string, floorMapIds: readonly string[]): Promise<void> {
  await ctx.db.execute(sql`delete from booking_page_maps where tenant_id = ${ctx.tenantId} and page_id = ${pageId}`);
  if (floorMapIds.length === 0) return;
  const rows = floorMapIds.map((id, i) => sql`(${ctx.tenantId}, ${pageId}, ${id}, ${i})`);
  await ctx.db.execute(sql`
    insert into booking_page_maps (tenant_id, page_id, floor_map_id, position) values ${sql.join(rows, sql`, `)}`);
}

export type PageRulesRow = { id: string; locationId: string; items: unknown; policy: unknown };

// What booking through a page needs: its items and policy (a live page, not archived, that the
// member may see).
export async function pageRulesOf(ctx: TenantScope, id: string, everyoneOnly: boolean): Promise<PageRulesRow | undefined> {
  const res = await ctx.db.execute<PageRulesRow>(sql`
    select p.id, p.location_id as "locationId", p.items, p.policy from booking_pages p
     where p.tenant_id = ${ctx.tenantId} and p.id = ${id} and p.deleted_at is null and p.archived_at is null
       ${everyoneOnly ? sql`and p.internal_visibility = 'Everyone'` : sql``}`);
  return res.rows[0];
}
