import type { BookingStatus } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import type { TenantScope } from '../../platform/context';
import { oldSlugOwner } from '../../platform/entity';
import { inIdList } from '../../platform/sql.util';

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export type PortalPage = {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  locationId: string;
  locationName: string;
  timeZone: string;
  address: string | null;
  items: unknown;
  policy: unknown;
  portalAccess: unknown;
  externalVisibility: string;
  portalEnabled: boolean;
};

// A live booking page by its slug now, else by one it had (spec §5: an old slug redirects; the
// answer names the current slug) — archived and deleted pages are no pages.
export async function pageBySlug(ctx: TenantScope, slug: string): Promise<PortalPage | undefined> {
  const res = await ctx.db.execute<PortalPage>(sql`
    select p.id, p.name, p.slug, p.description, p.location_id as "locationId", l.name as "locationName",
      l.time_zone as "timeZone", l.address, p.items, p.policy, p.portal_access as "portalAccess",
      coalesce(p.external_visibility, 'None') as "externalVisibility", coalesce(p.portal_enabled, false) as "portalEnabled"
    from booking_pages p
    join locations l on l.tenant_id = p.tenant_id and l.id = p.location_id and l.deleted_at is null
    where p.tenant_id = ${ctx.tenantId} and p.deleted_at is null and p.archived_at is null
      and (p.slug = ${slug} or p.id = ${oldSlugOwner(ctx.tenantId, 'BookingPage', ctx.tenantId, slug)})
    order by (p.slug = ${slug}) desc limit 1`);
  return res.rows[0];
}

export type LockedHold = { id: string; status: BookingStatus; heldUntil: string | null; resourceId: string };

// A hold of this page, locked until the transaction ends (two confirmations of one hold: the
// second finds it Booked).
export async function lockHold(ctx: TenantScope, id: string, pageId: string): Promise<LockedHold | undefined> {
  const res = await ctx.db.execute<LockedHold>(sql`
    select b.id, b.status, ${iso('b.held_until')} as "heldUntil", b.resource_id as "resourceId" from bookings b
    where b.tenant_id = ${ctx.tenantId} and b.id = ${id} and b.page_id = ${pageId}
    for update`);
  return res.rows[0];
}

export async function dropHold(ctx: TenantScope, id: string): Promise<void> {
  await ctx.db.execute(sql`delete from bookings where tenant_id = ${ctx.tenantId} and id = ${id} and status = 'Held'`);
}

// The hold becomes a booking of the contact (its title stays empty: the booker names who it is
// for); its time stays held (the same range).
export async function confirmHold(ctx: TenantScope, id: string, b: { contactId: string; notes: string | null }): Promise<void> {
  await ctx.db.execute(sql`
    update bookings set status = 'Booked', held_until = null, contact_id = ${b.contactId}, notes = ${b.notes},
      version = version + 1, updated_at = now()
    where tenant_id = ${ctx.tenantId} and id = ${id} and status = 'Held'`);
}

// The live contact with this e-mail (case-insensitive), the oldest first.
export async function contactByEmail(ctx: TenantScope, email: string): Promise<string | undefined> {
  const res = await ctx.db.execute<{ id: string }>(sql`
    select c.id from contacts c where c.tenant_id = ${ctx.tenantId} and lower(c.email) = lower(${email}) and c.deleted_at is null
    order by c.created_at limit 1`);
  return res.rows[0]?.id;
}

// The organization of a live contact (a Restricted page lists contacts and organizations).
export async function contactOrganization(ctx: TenantScope, contactId: string): Promise<string | null> {
  const res = await ctx.db.execute<{ organizationId: string | null }>(sql`
    select c.organization_id as "organizationId" from contacts c
    where c.tenant_id = ${ctx.tenantId} and c.id = ${contactId} and c.deleted_at is null`);
  return res.rows[0]?.organizationId ?? null;
}

export type PortalBookingRow = {
  id: string;
  resourceId: string;
  page: string;
  resource: string;
  location: string | null;
  timeZone: string | null;
  start: string;
  end: string;
  status: BookingStatus;
};

// A booking made through a booking page (a contact's), for its confirmation and cancel page.
export async function portalBooking(ctx: TenantScope, id: string, lock = false): Promise<PortalBookingRow | undefined> {
  const res = await ctx.db.execute<PortalBookingRow>(sql`
    select b.id, b.resource_id as "resourceId", coalesce(p.name, '') as page, r.name as resource, l.name as location, l.time_zone as "timeZone",
      ${iso('b.starts_at')} as start, ${iso('b.ends_at')} as "end", b.status
    from bookings b
    join resources r on r.tenant_id = b.tenant_id and r.id = b.resource_id
    left join booking_pages p on p.tenant_id = b.tenant_id and p.id = b.page_id
    left join locations l on l.tenant_id = r.tenant_id and l.id = r.location_id
    where b.tenant_id = ${ctx.tenantId} and b.id = ${id} and b.contact_id is not null and b.booker_id is null
    ${lock ? sql`for update of b` : sql``}`);
  return res.rows[0];
}

// The workspace's plans (their slugs): the portal's bookings are a plan feature.
export async function planSlugs(ctx: TenantScope): Promise<string[]> {
  const res = await ctx.db.execute<{ slug: string }>(sql`select plan_slug as slug from subscriptions where tenant_id = ${ctx.tenantId}`);
  return res.rows.map((r) => r.slug);
}

export type PortalMap = {
  id: string;
  name: string;
  level: string;
  version: number;
  width: number | null;
  height: number | null;
  places: { resourceId: string; shape: unknown; rotation: number; label: string | null }[];
};

// The floor maps a page shows, in its order, each with the places of these resources only.
export async function pageMaps(ctx: TenantScope, pageId: string, resourceIds: readonly string[]): Promise<PortalMap[]> {
  const res = await ctx.db.execute<PortalMap>(sql`
    select f.id, f.name, f.level, f.version, f.image_width as width, f.image_height as height,
      coalesce((
        select json_agg(json_build_object('resourceId', pl.resource_id, 'shape', pl.shape, 'rotation', pl.rotation, 'label', pl.label)
                        order by pl.position)
          from floor_map_placements pl
         where pl.tenant_id = f.tenant_id and pl.floor_map_id = f.id
           and ${inIdList(sql`pl.resource_id`, resourceIds)}
      ), '[]'::json) as places
    from booking_page_maps m
    join floor_maps f on f.tenant_id = m.tenant_id and f.id = m.floor_map_id
    where m.tenant_id = ${ctx.tenantId} and m.page_id = ${pageId}
    order by m.position`);
  return res.rows;
}

// The plan image of a map the page shows (undefined: not shown there, or no image yet).
export async function pageMapImage(
  ctx: TenantScope,
  pageId: string,
  mapId: string,
): Promise<{ contentType: string; data: Buffer; version: number } | undefined> {
  const res = await ctx.db.execute<{ contentType: string; data: Buffer; version: number }>(sql`
    select f.image_content_type as "contentType", i.data, f.version
    from booking_page_maps m
    join floor_maps f on f.tenant_id = m.tenant_id and f.id = m.floor_map_id
    join floor_map_images i on i.tenant_id = f.tenant_id and i.floor_map_id = f.id
    where m.tenant_id = ${ctx.tenantId} and m.page_id = ${pageId} and m.floor_map_id = ${mapId}
      and f.image_content_type is not null`);
  return res.rows[0];
}
