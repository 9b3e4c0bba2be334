import type { BookingStatus } from '@atrium/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { TenantContext, TenantScope } from '../../platform/context';
import { inIdList, inTextList } from '../../platform/sql.util';

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const LIVE = sql.raw(`b.status in ('Booked', 'CheckedIn')`);
const NO_ID = '00000000-0000-0000-0000-000000000000';
// the time a booking holds at `at`: a live booking's, or a portal visitor's hold not yet expired
const HOLDING = (at: Date) => sql`(${LIVE} or (b.status = 'Held' and b.held_until > ${at.toISOString()}))`;
const and = (parts: readonly SQL[]): SQL => sql.join([...parts], sql` and `);

// A bookable resource with what decides about a booking of it: its type's mode and policy,
// its location's zone and opening hours, whether it is out of service or archived.
export type ResourcePlace = {
  id: string;
  title: string;
  capacity: number | null;
  archived: boolean;
  closed: boolean;
  typeId: string | null;
  typeTitle: string | null;
  bookableMode: string | null;
  locationId: string | null;
  locationTitle: string | null;
  timeZone: string | null;
  openingHours: unknown;
  policy: unknown;
};

const PLACE = sql`
  select r.id, r.name as title, r.capacity, r.archived_at is not null as archived,
    coalesce(s.stage_type, 'Open') = 'Closed' as closed,
    t.id as "typeId", t.name as "typeTitle", t.bookable_mode as "bookableMode",
    l.id as "locationId", l.name as "locationTitle", l.time_zone as "timeZone", l.opening_hours as "openingHours",
    p.policy
  from resources r
  left join resource_types t on t.tenant_id = r.tenant_id and t.id = r.resource_type_id and t.deleted_at is null
  left join locations l on l.tenant_id = r.tenant_id and l.id = r.location_id and l.deleted_at is null
  left join workflow_stages s on s.tenant_id = r.tenant_id and s.id = r.workflow_stage_id
  left join booking_policies p on p.tenant_id = r.tenant_id and p.resource_type_id = r.resource_type_id`;

export async function resourcePlace(ctx: TenantScope, id: string): Promise<ResourcePlace | undefined> {
  const res = await ctx.db.execute<ResourcePlace>(
    sql`${PLACE} where r.tenant_id = ${ctx.tenantId} and r.id = ${id} and r.deleted_at is null`,
  );
  return res.rows[0];
}

export type PlaceFilter = {
  resourceId?: string;
  typeId?: string;
  locationId?: string;
  capacity?: number;
  attributes?: readonly string[];
  excludeId?: string;
  // a booking page's items: these resources and every resource of these types (either list)
  anyOf?: { resourceIds: readonly string[]; typeIds: readonly string[] };
  // only this member's favourites
  favouritesOf?: string;
};

// The live bookable resources matching a find-times request: a type Bookable or Both, not out
// of service, not archived.
export async function bookablePlaces(ctx: TenantScope, f: PlaceFilter): Promise<ResourcePlace[]> {
  const where: SQL[] = [
    sql`r.tenant_id = ${ctx.tenantId}`,
    sql`r.deleted_at is null and r.archived_at is null`,
    sql`t.bookable_mode in ('Bookable', 'Both')`,
    sql`coalesce(s.stage_type, 'Open') <> 'Closed'`,
  ];
  if (f.resourceId) where.push(sql`r.id = ${f.resourceId}`);
  if (f.excludeId) where.push(sql`r.id <> ${f.excludeId}`);
  if (f.anyOf)
    where.push(
      sql`(${inIdList(sql`r.id`, f.anyOf.resourceIds.length > 0 ? f.anyOf.resourceIds : [NO_ID])} or ${inIdList(
        sql`r.resource_type_id`,
        f.anyOf.typeIds.length > 0 ? f.anyOf.typeIds : [NO_ID],
      )})`,
    );
  if (f.favouritesOf)
    where.push(sql`r.id in (select resource_id from booking_favourites
      where tenant_id = ${ctx.tenantId} and tenant_user_id = ${f.favouritesOf})`);
  if (f.typeId) where.push(sql`r.resource_type_id = ${f.typeId}`);
  if (f.locationId) where.push(sql`r.location_id = ${f.locationId}`);
  if (f.capacity !== undefined) where.push(sql`coalesce(r.capacity, 1) >= ${f.capacity}`);
  if (f.attributes && f.attributes.length > 0)
    where.push(sql`coalesce(r.attributes, '[]'::jsonb) @> ${JSON.stringify(f.attributes)}::jsonb`);
  const res = await ctx.db.execute<ResourcePlace>(sql`${PLACE} where ${and(where)} order by r.name, r.id limit 5000`);
  return res.rows;
}

// The resource's row, locked until the transaction ends: bookings of a shared resource are
// counted one request at a time.
export async function lockResource(ctx: TenantScope, id: string): Promise<void> {
  await ctx.db.execute(sql`select 1 from resources where tenant_id = ${ctx.tenantId} and id = ${id} for update`);
}

export type Block = { resourceId: string; from: number; until: number };

// The time the live bookings and unexpired holds (at `at`) of these resources hold (widened by
// their buffers) in a window. A booking being moved leaves its own time out (`exceptId`).
export async function liveBlocks(
  ctx: TenantScope,
  at: Date,
  resourceIds: readonly string[],
  from: Date,
  until: Date,
  exceptId?: string,
): Promise<Block[]> {
  if (resourceIds.length === 0) return [];
  const res = await ctx.db.execute<{ resourceId: string; from: string; until: string }>(sql`
    select b.resource_id as "resourceId", ${iso('b.blocked_from')} as "from", ${iso('b.blocked_until')} as "until"
    from bookings b
    where b.tenant_id = ${ctx.tenantId} and ${inIdList(sql`b.resource_id`, resourceIds)} and ${HOLDING(at)}
      and b.blocked_from < ${until.toISOString()} and b.blocked_until > ${from.toISOString()}
      ${exceptId ? sql`and b.id <> ${exceptId}` : sql``}`);
  return res.rows.map((r) => ({ resourceId: r.resourceId, from: Date.parse(r.from), until: Date.parse(r.until) }));
}

// Expired holds of a resource go before a booking of it is written: the exclusion constraint
// counts every Held row, so an expired one would still stand in the way.
export async function dropExpiredHolds(ctx: TenantScope, resourceId: string, at: Date): Promise<void> {
  await ctx.db.execute(sql`delete from bookings
    where tenant_id = ${ctx.tenantId} and resource_id = ${resourceId} and status = 'Held' and held_until <= ${at.toISOString()}`);
}

export type NewBooking = {
  resourceId: string;
  bookerId: string | null;
  startsAt: Date;
  endsAt: Date;
  blockedFrom: Date;
  blockedUntil: Date;
  exclusive: boolean;
  title: string | null;
  notes: string | null;
  groupId?: string;
  // a portal visitor's hold: Held until then, made through this booking page
  hold?: { until: Date; pageId: string };
};

export async function insertBooking(ctx: TenantContext, b: NewBooking): Promise<string> {
  const status = b.hold ? 'Held' : 'Booked';
  const res = await ctx.db.execute<{ id: string }>(sql`
    insert into bookings (tenant_id, resource_id, booker_id, starts_at, ends_at, blocked_from, blocked_until, exclusive, title, notes, group_id,
      status, held_until, page_id, created_by)
    values (${ctx.tenantId}, ${b.resourceId}, ${b.bookerId}, ${b.startsAt.toISOString()}, ${b.endsAt.toISOString()},
      ${b.blockedFrom.toISOString()}, ${b.blockedUntil.toISOString()}, ${b.exclusive}, ${b.title}, ${b.notes}, ${b.groupId ?? null},
      ${status}, ${b.hold?.until.toISOString() ?? null}, ${b.hold?.pageId ?? null}, ${b.hold ? null : ctx.tenantUserId})
    returning id`);
  const id = res.rows[0]?.id;
  if (!id) throw new Error('insert into bookings returned no row');
  return id;
}

export type BookingRow = {
  id: string;
  version: number;
  resourceId: string;
  resourceTitle: string;
  capacity: number | null;
  typeId: string | null;
  typeTitle: string | null;
  locationId: string | null;
  locationTitle: string | null;
  timeZone: string | null;
  // a member's booking names the member; a portal booking its contact
  bookerId: string | null;
  contactId: string | null;
  bookerName: string;
  groupId: string | null;
  start: string;
  end: string;
  status: BookingStatus;
  title: string | null;
  notes: string | null;
  checkedInAt: string | null;
  checkedOutAt: string | null;
  cancelledAt: string | null;
  createdAt: string;
};

export type BookingFilter = {
  id?: string;
  groupId?: string;
  bookerId?: string;
  resourceId?: string;
  locationId?: string;
  from?: string;
  to?: string;
  statuses?: readonly BookingStatus[];
  limit: number;
};

// Bookings, never a portal visitor's hold (it has no booker yet; it is the portal's until
// confirmed).
export async function bookingRows(ctx: TenantScope, f: BookingFilter): Promise<{ rows: BookingRow[]; total: number }> {
  const where: SQL[] = [sql`b.tenant_id = ${ctx.tenantId}`, sql`r.deleted_at is null`, sql`b.status <> 'Held'`];
  if (f.id) where.push(sql`b.id = ${f.id}`);
  if (f.groupId) where.push(sql`b.group_id = ${f.groupId}`);
  if (f.bookerId) where.push(sql`b.booker_id = ${f.bookerId}`);
  if (f.resourceId) where.push(sql`b.resource_id = ${f.resourceId}`);
  if (f.locationId) where.push(sql`r.location_id = ${f.locationId}`);
  if (f.from) where.push(sql`b.ends_at > ${f.from}`);
  if (f.to) where.push(sql`b.starts_at < ${f.to}`);
  if (f.statuses) where.push(inTextList(sql`b.status`, f.statuses));
  const res = await ctx.db.execute<BookingRow & { total: number }>(sql`
    select b.id, b.version, b.resource_id as "resourceId", r.name as "resourceTitle", r.capacity,
      t.id as "typeId", t.name as "typeTitle", l.id as "locationId", l.name as "locationTitle", l.time_zone as "timeZone",
      b.booker_id as "bookerId", b.contact_id as "contactId",
      coalesce(u.name, tu.email, nullif(trim(concat_ws(' ', c.first_name, c.last_name)), ''), c.email, '') as "bookerName", b.group_id as "groupId",
      ${iso('b.starts_at')} as start, ${iso('b.ends_at')} as "end", b.status, b.title, b.notes,
      ${iso('b.checked_in_at')} as "checkedInAt", ${iso('b.checked_out_at')} as "checkedOutAt",
      ${iso('b.cancelled_at')} as "cancelledAt", ${iso('b.created_at')} as "createdAt",
      count(*) over ()::int as total
    from bookings b
    join resources r on r.tenant_id = b.tenant_id and r.id = b.resource_id
    left join resource_types t on t.tenant_id = r.tenant_id and t.id = r.resource_type_id
    left join locations l on l.tenant_id = r.tenant_id and l.id = r.location_id and l.deleted_at is null
    left join tenant_users tu on tu.tenant_id = b.tenant_id and tu.id = b.booker_id
    left join users u on u.id = tu.user_id
    left join contacts c on c.tenant_id = b.tenant_id and c.id = b.contact_id
    where ${and(where)}
    order by b.starts_at, r.name, b.id
    limit ${f.limit}`);
  return { total: res.rows[0]?.total ?? 0, rows: res.rows.map(({ total: _total, ...r }) => r) };
}

export type LockedBooking = { id: string; status: BookingStatus; bookerId: string | null; start: string; end: string; resourceId: string };

export async function lockBooking(ctx: TenantScope, id: string): Promise<LockedBooking | undefined> {
  const res = await ctx.db.execute<LockedBooking>(sql`
    select b.id, b.status, b.booker_id as "bookerId", ${iso('b.starts_at')} as start, ${iso('b.ends_at')} as "end", b.resource_id as "resourceId"
    from bookings b join resources r on r.tenant_id = b.tenant_id and r.id = b.resource_id and r.deleted_at is null
    where b.tenant_id = ${ctx.tenantId} and b.id = ${id}
    for update of b`);
  return res.rows[0];
}

const touch = sql.raw(`version = version + 1, updated_at = now()`);

export async function cancelBooking(ctx: TenantScope, id: string, at: Date): Promise<void> {
  await ctx.db.execute(sql`update bookings set status = 'Cancelled', cancelled_at = ${at.toISOString()}, ${touch}
    where tenant_id = ${ctx.tenantId} and id = ${id}`);
}

// A booking moved or resized: its new range and the time it holds; the exclusion constraint
// refuses it where another live booking of an exclusive resource holds that time.
export async function moveBooking(
  ctx: TenantScope,
  id: string,
  b: Pick<NewBooking, 'startsAt' | 'endsAt' | 'blockedFrom' | 'blockedUntil' | 'exclusive'>,
): Promise<void> {
  await ctx.db.execute(sql`update bookings set starts_at = ${b.startsAt.toISOString()}, ends_at = ${b.endsAt.toISOString()},
      blocked_from = ${b.blockedFrom.toISOString()}, blocked_until = ${b.blockedUntil.toISOString()}, exclusive = ${b.exclusive}, ${touch}
    where tenant_id = ${ctx.tenantId} and id = ${id}`);
}

export async function checkInBooking(ctx: TenantScope, id: string, at: Date): Promise<void> {
  await ctx.db.execute(sql`update bookings set status = 'CheckedIn', checked_in_at = ${at.toISOString()}, ${touch}
    where tenant_id = ${ctx.tenantId} and id = ${id}`);
}

// Checked out: the booking ends now if it was still running; its time is free again.
export async function checkOutBooking(ctx: TenantScope, id: string, at: Date): Promise<void> {
  const now = at.toISOString();
  await ctx.db.execute(sql`update bookings set status = 'CheckedOut', checked_out_at = ${now},
      ends_at = case when ${now}::timestamptz > starts_at and ${now}::timestamptz < ends_at then ${now}::timestamptz else ends_at end, ${touch}
    where tenant_id = ${ctx.tenantId} and id = ${id}`);
}

export async function memberExists(ctx: TenantScope, tenantUserId: string): Promise<boolean> {
  const res = await ctx.db.execute(sql`select 1 from tenant_users where tenant_id = ${ctx.tenantId} and id = ${tenantUserId}`);
  return res.rows.length > 0;
}

// Whether the live resource type exists (a policy is set on one).
export async function typeExists(ctx: TenantScope, typeId: string): Promise<boolean> {
  const res = await ctx.db.execute(
    sql`select 1 from resource_types where tenant_id = ${ctx.tenantId} and id = ${typeId} and deleted_at is null`,
  );
  return res.rows.length > 0;
}

export async function typePolicy(ctx: TenantScope, typeId: string): Promise<unknown> {
  const res = await ctx.db.execute<{ policy: unknown }>(sql`
    select policy from booking_policies where tenant_id = ${ctx.tenantId} and resource_type_id = ${typeId}`);
  return res.rows[0]?.policy;
}

export async function saveTypePolicy(ctx: TenantContext, typeId: string, policy: unknown): Promise<void> {
  await ctx.db.execute(sql`
    insert into booking_policies (tenant_id, resource_type_id, policy, updated_by)
    values (${ctx.tenantId}, ${typeId}, ${JSON.stringify(policy)}::jsonb, ${ctx.tenantUserId})
    on conflict (tenant_id, resource_type_id) do update set policy = excluded.policy, updated_by = excluded.updated_by, updated_at = now()`);
}

// Who holds the item's time right now with a live booking, if anyone but this member.
export async function bookedNowByOther(ctx: TenantScope, resourceId: string, memberId: string, at: Date): Promise<string | undefined> {
  const res = await ctx.db.execute<{ bookerId: string }>(sql`
    select b.booker_id as "bookerId" from bookings b
    where b.tenant_id = ${ctx.tenantId} and b.resource_id = ${resourceId} and ${LIVE}
      and b.starts_at <= ${at.toISOString()} and b.ends_at > ${at.toISOString()} and b.booker_id <> ${memberId}
    limit 1`);
  return res.rows[0]?.bookerId;
}

export async function enterWorkspace(db: TenantScope['db'], tenantId: string): Promise<void> {
  await db.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
}

// Releases the members' bookings still Booked whose type's check-in grace has passed (15 minutes
// when the type has no policy or a policy saved without the setting; a null grace never
// releases; a portal visitor's booking never: they cannot check in). One
// UPDATE … WHERE status = 'Booked' … RETURNING: of two workers, the second finds the row no
// longer Booked once the first commits, so each booking is released exactly once.
export type ReleasedBooking = { id: string; bookerId: string; resourceId: string; start: string };
export async function releaseNoShows(ctx: TenantScope, now: Date): Promise<ReleasedBooking[]> {
  const res = await ctx.db.execute<ReleasedBooking>(sql`
    update bookings b set status = 'Released', version = b.version + 1, updated_at = now()
    from resources r
    left join booking_policies p on p.tenant_id = r.tenant_id and p.resource_type_id = r.resource_type_id
    where b.tenant_id = ${ctx.tenantId} and b.status = 'Booked' and b.booker_id is not null
      and r.tenant_id = b.tenant_id and r.id = b.resource_id
      and coalesce(jsonb_typeof(p.policy -> 'checkInGraceMinutes'), 'number') <> 'null'
      and b.starts_at + make_interval(mins => coalesce((p.policy ->> 'checkInGraceMinutes')::int, 15)) <= ${now.toISOString()}::timestamptz
    returning b.id, b.booker_id as "bookerId", b.resource_id as "resourceId", ${iso('b.starts_at')} as start`);
  return res.rows;
}

// Where a member is written to: their sign-in e-mail and name (the invitation's attendee).
export async function memberMailbox(ctx: TenantScope, tenantUserId: string): Promise<{ email: string; name: string } | undefined> {
  const res = await ctx.db.execute<{ email: string; name: string }>(sql`
    select coalesce(u.email, tu.email) as email, coalesce(u.name, tu.email) as name
    from tenant_users tu left join users u on u.id = tu.user_id
    where tu.tenant_id = ${ctx.tenantId} and tu.id = ${tenantUserId}`);
  return res.rows[0];
}

// Where a portal booker is written to: their contact's e-mail and name.
export async function contactMailbox(ctx: TenantScope, contactId: string): Promise<{ email: string; name: string } | undefined> {
  const res = await ctx.db.execute<{ email: string | null; name: string }>(sql`
    select c.email, coalesce(nullif(trim(concat_ws(' ', c.first_name, c.last_name)), ''), c.email, '') as name
    from contacts c where c.tenant_id = ${ctx.tenantId} and c.id = ${contactId}`);
  const row = res.rows[0];
  return row?.email ? { email: row.email, name: row.name } : undefined;
}
