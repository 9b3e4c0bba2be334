import { randomUUID } from 'node:crypto';
import {
  bookingPolicySchema,
  DEFAULT_BOOKING_POLICY,
  FIND_TIMES_MAX_SLOTS,
  FIND_TIMES_MAX_WINDOW_DAYS,
  mergeBookingPolicies,
  openingHoursSchema,
  type Booking,
  type BookingCreate,
  type BookingGroup,
  type BookingGroupCreate,
  type ErrorCode,
  type BookingList,
  type BookingListQuery,
  type BookingMove,
  type BookingPolicy,
  type BookingPolicyOverrides,
  type BookingTimeSlot,
  type FindTimes,
  type FindTimesResult,
  type FreeSlot,
  type ResourceTypePolicy,
} from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import type { Database } from '../../platform/database';
import type { JobRuntime } from '../../platform/jobs/job-runtime';
import { forEachWorkspace, inWorkspace } from '../../platform/jobs/workspace-walk';
import { PG_CODES, pgErrorCode } from '../../platform/db-errors';
import { AppError, accessDenied, fieldError, notFound } from '../../platform/errors';
import { mailInvitation, type InvitationDeps } from './booking-invitations.service';
import { pageRulesFor } from './booking-page-settings.service';
import { blockedRange, evaluateBooking, freeStartsIn, type PolicyPlace, type PolicyRefusal } from './booking-policy.util';
import * as repo from './bookings.repository';

// Where "now" comes from: the system clock, or a test's.
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
// `changed`: told of each booking made, cancelled, checked in or out, in its transaction (the
// composition root announces the resource's new live state to open floor maps with it)
// `invitations`: where the .ics of each booking made or cancelled is mailed (to its booker)
export type BookingDeps = {
  now: Clock;
  changed?: (ctx: TenantContext, resourceId: string) => Promise<void>;
  invitations?: InvitationDeps;
  // a booking cancelled or released: the services ordered with it are off (their providers told)
  ended?: (ctx: TenantContext, bookingId: string) => Promise<void>;
  // where each resource on a floor map sits (undefined: no such map), for find-times' `near`
  placements?: (ctx: TenantContext, floorMapId: string) => Promise<ReadonlyMap<string, { x: number; y: number }> | undefined>;
};

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
// check-in opens this long before the start and closes at the end
export const CHECK_IN_EARLY_MINUTES = 15;
const BOOKABLE_MODES: readonly (string | null)[] = ['Bookable', 'Both'];
const MANAGE = 'Resource.ManageResources';

const mayManage = (ctx: TenantContext): boolean => ctx.permissions.has(MANAGE);

// The type's stored policy, or the default for a type that has none (or a resource without a type).
export function policyOf(stored: unknown): BookingPolicy {
  const parsed = bookingPolicySchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_BOOKING_POLICY;
}

// A resource without a location is booked in UTC around the clock. `timeSlots`: a booking
// page's own windows, read in the same zone.
export function placeOf(p: repo.ResourcePlace, timeSlots: readonly BookingTimeSlot[] | null = null): PolicyPlace {
  const hours = openingHoursSchema.safeParse(p.openingHours);
  return { timeZone: p.timeZone ?? 'UTC', openingHours: hours.success ? hours.data : null, timeSlots };
}

// One booking at a time, unless the policy shares a capacity above one among bookings.
const isExclusive = (policy: BookingPolicy, capacity: number | null): boolean => !(policy.sharedCapacity && (capacity ?? 1) > 1);

const REFUSAL_TEXT: Record<PolicyRefusal['code'], string> = {
  pastDateTime: 'lies in the past',
  invalidStartEndTime: 'must be after the start',
  outsideOpeningHours: "lies outside the location's opening hours",
  outsideTimeSlots: "lies outside the booking page's time slots",
  durationTooShort: 'makes the booking shorter than its type allows',
  durationTooLong: 'makes the booking longer than its type allows',
  notOnIncrement: "is not on the type's time increment",
  tooSoon: 'is sooner than the minimum lead time',
  tooFarAhead: 'is further ahead than the maximum lead time',
};

export function refused(refusals: readonly PolicyRefusal[]): AppError {
  const errors = refusals.map((r) => ({ field: r.field, code: r.code, message: `${r.field} ${REFUSAL_TEXT[r.code]}` }));
  return new AppError(400, refusals[0]!.code, errors.map((e) => e.message).join('; '), errors);
}

export const unavailable = (field = 'start'): AppError =>
  new AppError(409, 'unavailableTimeSlot', 'This time slot is not available: the resource is booked then', [
    { field, code: 'unavailableTimeSlot', message: `${field}: the resource is booked at this time` },
  ]);

export function assertBookable(p: repo.ResourcePlace): void {
  if (!BOOKABLE_MODES.includes(p.bookableMode))
    throw new AppError(
      409,
      'notBookable',
      `Resources of the type ${p.typeTitle ?? '(none)'} are not booked (their use is ${p.bookableMode ?? 'None'})`,
    );
  if (p.closed) throw new AppError(409, 'notBookable', `${p.title} is out of service and cannot be booked`);
  if (p.archived) throw new AppError(409, 'notBookable', `${p.title} is archived and cannot be booked`);
}

// Book a resource: the policy of its type decides (the same evaluateBooking find-times asks),
// then the database — the exclusion constraint for an exclusive resource, a locked count for a
// shared one — so two bookings of one time can never both be written.
export async function createBooking(ctx: TenantContext, deps: BookingDeps, body: BookingCreate): Promise<Booking> {
  const bookerId = body.bookerId ?? ctx.tenantUserId;
  if (bookerId !== ctx.tenantUserId) {
    if (!mayManage(ctx)) throw accessDenied('Booking for someone else needs Resource.ManageResources');
    if (!(await repo.memberExists(ctx, bookerId))) throw fieldError('bookerId', 'notFound', 'bookerId names no member of this workspace');
  }
  const place = await repo.resourcePlace(ctx, body.resourceId);
  if (!place) throw fieldError('resourceId', 'notFound', 'resourceId names no resource of this workspace');
  assertBookable(place);
  // through a booking page: only what it offers, under its policy and time slots (as the portal)
  const page = body.pageId ? await pageRulesFor(ctx, body.pageId) : undefined;
  if (page && (await repo.bookablePlaces(ctx, { ...page.items, resourceId: place.id })).length === 0)
    throw fieldError('resourceId', 'notFound', 'resourceId names nothing this booking page offers');
  const start = Date.parse(body.start);
  const end = Date.parse(body.end);
  const answer = allowed(place, deps.now().getTime(), start, end, page?.overrides, page?.timeSlots ?? null);
  if ('refusals' in answer) throw refused(answer.refusals);
  const id = await write(ctx, answer, { bookerId, start, end, title: body.title || null, notes: body.notes || null });
  await deps.changed?.(ctx, place.id);
  if (deps.invitations && body.invite !== false) await mailInvitation(ctx, deps.invitations, id, 'REQUEST');
  return getBooking(ctx, deps, id);
}

export type Allowed = {
  place: repo.ResourcePlace;
  policy: BookingPolicy;
  blocked: { from: number; until: number };
  exclusive: boolean;
  now: number;
};

// What the type's policy (with a booking page's laid over it, and the page's time slots) says of
// [start, end) on this resource (the same evaluateBooking find-times asks), and the time a
// booking would hold.
export function allowed(
  place: repo.ResourcePlace,
  now: number,
  start: number,
  end: number,
  overrides: BookingPolicyOverrides = {},
  timeSlots: readonly BookingTimeSlot[] | null = null,
): Allowed | { refusals: readonly PolicyRefusal[] } {
  const policy = mergeBookingPolicies(policyOf(place.policy), overrides);
  const answer = evaluateBooking(policy, placeOf(place, timeSlots), now, start, end);
  if (!answer.allowed) return { refusals: answer.refusals };
  return { place, policy, blocked: blockedRange(policy, start, end), exclusive: isExclusive(policy, place.capacity), now };
}

// Writes an allowed booking; the database decides the rest — the exclusion constraint for an
// exclusive resource, a locked count for a shared one — so two bookings of one time can never
// both be written. `field` names the refused item in the 409's error.
// An expired hold of the resource is removed first (the constraint counts every Held row).
export async function write(
  ctx: TenantContext,
  a: Allowed,
  b: {
    bookerId: string | null;
    start: number;
    end: number;
    title: string | null;
    notes: string | null;
    groupId?: string;
    hold?: { until: Date; pageId: string };
  },
  field = 'start',
): Promise<string> {
  const now = new Date(a.now);
  await repo.dropExpiredHolds(ctx, a.place.id, now);
  if (!a.exclusive) {
    await repo.lockResource(ctx, a.place.id);
    const held = await repo.liveBlocks(ctx, now, [a.place.id], new Date(a.blocked.from), new Date(a.blocked.until));
    if (held.length >= (a.place.capacity ?? 1)) throw unavailable(field);
  }
  return repo
    .insertBooking(ctx, {
      resourceId: a.place.id,
      bookerId: b.bookerId,
      startsAt: new Date(b.start),
      endsAt: new Date(b.end),
      blockedFrom: new Date(a.blocked.from),
      blockedUntil: new Date(a.blocked.until),
      exclusive: a.exclusive,
      title: b.title,
      notes: b.notes,
      ...(b.groupId ? { groupId: b.groupId } : {}),
      ...(b.hold ? { hold: b.hold } : {}),
    })
    .catch((err: unknown) => {
      if (pgErrorCode(err) === PG_CODES.exclusionViolation) throw unavailable(field);
      throw err;
    });
}

// One meeting, several resources (decision 093): each resource under its own type's policy —
// every refusal of every item answered at once, each on resourceIds.N — then written in one
// transaction in the order of their ids (two meetings sharing resources lock them alike): a
// time someone holds on any of them undoes all (409 on its resourceIds.N).
export async function createBookingGroup(ctx: TenantContext, deps: BookingDeps, body: BookingGroupCreate): Promise<BookingGroup> {
  const start = Date.parse(body.start);
  const end = Date.parse(body.end);
  const now = deps.now().getTime();
  const errors: { field: string; code: ErrorCode; message: string }[] = [];
  const items: { index: number; answer: Allowed }[] = [];
  for (const [index, resourceId] of body.resourceIds.entries()) {
    const field = `resourceIds.${index}`;
    const place = await repo.resourcePlace(ctx, resourceId);
    if (!place) {
      errors.push({ field, code: 'notFound', message: `${field} names no resource of this workspace` });
      continue;
    }
    try {
      assertBookable(place);
    } catch (e) {
      if (e instanceof AppError) errors.push({ field, code: e.code, message: e.message });
      continue;
    }
    const answer = allowed(place, now, start, end);
    if ('refusals' in answer)
      for (const r of answer.refusals) errors.push({ field, code: r.code, message: `${place.title}: ${r.field} ${REFUSAL_TEXT[r.code]}` });
    else items.push({ index, answer });
  }
  if (errors.length > 0)
    throw new AppError(
      errors.some((e) => e.code === 'notBookable') ? 409 : 400,
      errors[0]!.code,
      errors.map((e) => e.message).join('; '),
      errors,
    );
  const groupId = randomUUID();
  const ids: string[] = [];
  for (const { index, answer } of [...items].sort((a, b) => (a.answer.place.id < b.answer.place.id ? -1 : 1))) {
    const made = { bookerId: ctx.tenantUserId, start, end, title: body.title || null, notes: body.notes || null, groupId };
    ids[index] = await write(ctx, answer, made, `resourceIds.${index}`);
  }
  for (const { answer } of items) await deps.changed?.(ctx, answer.place.id);
  if (deps.invitations && body.invite !== false) for (const id of ids) await mailInvitation(ctx, deps.invitations, id, 'REQUEST');
  const { rows } = await repo.bookingRows(ctx, { groupId, limit: body.resourceIds.length });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { groupId, bookings: ids.map((id) => toBooking(ctx, now, byId.get(id)!)) };
}

function toBooking(ctx: TenantContext, now: number, r: repo.BookingRow): Booking {
  const mine = r.bookerId === ctx.tenantUserId || mayManage(ctx);
  const start = Date.parse(r.start);
  const end = Date.parse(r.end);
  return {
    id: r.id,
    version: Number(r.version),
    resource: { id: r.resourceId, title: r.resourceTitle, capacity: r.capacity },
    resourceType: r.typeId ? { id: r.typeId, title: r.typeTitle ?? '' } : null,
    location: r.locationId ? { id: r.locationId, title: r.locationTitle ?? '', timeZone: r.timeZone ?? 'UTC' } : null,
    booker: { id: r.bookerId ?? r.contactId ?? '', title: r.bookerName },
    groupId: r.groupId,
    start: r.start,
    end: r.end,
    status: r.status,
    title: r.title,
    notes: r.notes,
    checkedInAt: r.checkedInAt,
    checkedOutAt: r.checkedOutAt,
    cancelledAt: r.cancelledAt,
    createdAt: r.createdAt,
    mayCancel: mine && r.status === 'Booked' && end > now,
    mayCheckIn: mine && r.status === 'Booked' && now >= start - CHECK_IN_EARLY_MINUTES * MINUTE && now < end,
    mayCheckOut: mine && r.status === 'CheckedIn',
  };
}

export async function getBooking(ctx: TenantContext, deps: BookingDeps, id: string): Promise<Booking> {
  const { rows } = await repo.bookingRows(ctx, { id, limit: 1 });
  const row = rows[0];
  if (!row) throw notFound('Booking');
  return toBooking(ctx, deps.now().getTime(), row);
}

// Bookings overlapping a window: mine, a resource's or a location's; the live ones unless the
// statuses are named. Without a window: from now on.
export async function listBookings(ctx: TenantContext, deps: BookingDeps, q: BookingListQuery): Promise<BookingList> {
  const now = deps.now();
  if (q.from && q.to && Date.parse(q.to) <= Date.parse(q.from)) throw fieldError('to', 'invalidStartEndTime', 'to must be after from');
  const { rows, total } = await repo.bookingRows(ctx, {
    ...(q.mine ? { bookerId: ctx.tenantUserId } : {}),
    ...(q.resourceId ? { resourceId: q.resourceId } : {}),
    ...(q.locationId ? { locationId: q.locationId } : {}),
    from: q.from ?? now.toISOString(),
    ...(q.to ? { to: q.to } : {}),
    statuses: q.statuses ?? ['Booked', 'CheckedIn'],
    limit: q.limit ?? 100,
  });
  return { data: rows.map((r) => toBooking(ctx, now.getTime(), r)), total };
}

// The "my calendar" widget (Dashboard.ViewMyCalendar): my live bookings running now or starting
// within a week, the first 10 by start.
export const MY_NEXT_BOOKINGS_DAYS = 7;
export function myNextBookings(ctx: TenantContext, deps: BookingDeps): Promise<BookingList> {
  const now = deps.now();
  const to = new Date(now.getTime() + MY_NEXT_BOOKINGS_DAYS * 86_400_000).toISOString();
  return listBookings(ctx, deps, { mine: true, from: now.toISOString(), to, limit: 10 });
}

// Auto-release (decision 093): every minute, in each workspace, the bookings nobody checked in
// within their type's grace become Released; their time is free again and the live map hears
// of it. Time comes from the module's clock.
export const AUTO_RELEASE_JOB = 'bookings.auto-release';
const RELEASED_REASON = 'Nobody checked in within the grace period, so your booking was released and its time is free again:';
export type AutoReleaseDeps = BookingDeps & {
  database: Database;
  released?: (ctx: TenantContext, released: repo.ReleasedBooking[]) => Promise<void>;
};

export async function releaseNoShows(deps: AutoReleaseDeps): Promise<string> {
  const now = deps.now();
  const released = await forEachWorkspace(deps.database, 'auto-release', (tenantId) =>
    inWorkspace(deps.database, tenantId, async (ctx) => {
      const rows = await repo.releaseNoShows(ctx, now);
      for (const resourceId of new Set(rows.map((r) => r.resourceId))) await deps.changed?.(ctx, resourceId);
      // the booker's calendar loses the event (the same UID, a higher sequence)
      for (const row of rows) {
        await deps.ended?.(ctx, row.id);
        if (deps.invitations) await mailInvitation(ctx, deps.invitations, row.id, 'CANCEL', undefined, RELEASED_REASON);
      }
      if (rows.length > 0) await deps.released?.(ctx, rows);
      return rows.length;
    }),
  );
  return `${released} bookings released`;
}

export function registerAutoReleaseJob(jobs: JobRuntime, deps: AutoReleaseDeps): void {
  jobs.schedule({
    name: AUTO_RELEASE_JOB,
    cron: '* * * * *',
    idempotency:
      "One UPDATE … WHERE status = 'Booked' … RETURNING per workspace: a booking released by one run (or worker) is no longer Booked for another, so it is released, and its booker told, once.",
    run: () => releaseNoShows(deps),
  });
}

// The booking, locked; its booker or a manager may change it, anyone else is refused.
export async function lockOwn(ctx: TenantContext, id: string): Promise<repo.LockedBooking> {
  const b = await repo.lockBooking(ctx, id);
  if (!b) throw notFound('Booking');
  if (b.bookerId !== ctx.tenantUserId && !mayManage(ctx)) throw accessDenied("Another member's booking needs Resource.ManageResources");
  return b;
}

export const notActive = (b: repo.LockedBooking, what: string): AppError =>
  new AppError(409, 'bookingNotActive', `This booking is ${b.status}${b.status === 'Booked' ? ' and over' : ''}: it cannot be ${what}`);

export async function cancelBooking(ctx: TenantContext, deps: BookingDeps, id: string): Promise<Booking> {
  const b = await lockOwn(ctx, id);
  const now = deps.now();
  if (b.status !== 'Booked' || Date.parse(b.end) <= now.getTime()) throw notActive(b, 'cancelled');
  await repo.cancelBooking(ctx, id, now);
  await deps.ended?.(ctx, id);
  await deps.changed?.(ctx, b.resourceId);
  if (deps.invitations) await mailInvitation(ctx, deps.invitations, id, 'CANCEL');
  return getBooking(ctx, deps, id);
}

// Move or resize a booking not yet begun to be used (Booked, not over): the same policy
// engine and the same database guarantee as a new booking decide; its own time does not stand
// in its way. The booker is sent the updated invitation.
export async function moveBooking(ctx: TenantContext, deps: BookingDeps, id: string, body: BookingMove): Promise<Booking> {
  const b = await lockOwn(ctx, id);
  const now = deps.now();
  if (b.status !== 'Booked' || Date.parse(b.end) <= now.getTime()) throw notActive(b, 'moved');
  const place = await repo.resourcePlace(ctx, b.resourceId);
  if (!place) throw notFound('Booking');
  assertBookable(place);
  const start = Date.parse(body.start);
  const end = Date.parse(body.end);
  const answer = allowed(place, now.getTime(), start, end);
  if ('refusals' in answer) throw refused(answer.refusals);
  const { blocked, exclusive } = answer;
  await repo.dropExpiredHolds(ctx, place.id, now);
  if (!exclusive) {
    await repo.lockResource(ctx, place.id);
    const held = await repo.liveBlocks(ctx, now, [place.id], new Date(blocked.from), new Date(blocked.until), id);
    if (held.length >= (place.capacity ?? 1)) throw unavailable();
  }
  await repo
    .moveBooking(ctx, id, {
      startsAt: new Date(start),
      endsAt: new Date(end),
      blockedFrom: new Date(blocked.from),
      blockedUntil: new Date(blocked.until),
      exclusive,
    })
    .catch((err: unknown) => {
      if (pgErrorCode(err) === PG_CODES.exclusionViolation) throw unavailable();
      throw err;
    });
  await deps.changed?.(ctx, place.id);
  if (deps.invitations) await mailInvitation(ctx, deps.invitations, id, 'REQUEST');
  return getBooking(ctx, deps, id);
}

export async function checkInBooking(ctx: TenantContext, deps: BookingDeps, id: string): Promise<Booking> {
  const b = await lockOwn(ctx, id);
  const now = deps.now();
  if (b.status !== 'Booked') throw notActive(b, 'checked in');
  if (now.getTime() < Date.parse(b.start) - CHECK_IN_EARLY_MINUTES * MINUTE || now.getTime() >= Date.parse(b.end))
    throw new AppError(409, 'checkInNotOpen', `Check-in opens ${CHECK_IN_EARLY_MINUTES} minutes before the start and closes at the end`);
  await repo.checkInBooking(ctx, id, now);
  await deps.changed?.(ctx, b.resourceId);
  return getBooking(ctx, deps, id);
}

export async function checkOutBooking(ctx: TenantContext, deps: BookingDeps, id: string): Promise<Booking> {
  const b = await lockOwn(ctx, id);
  if (b.status !== 'CheckedIn') throw new AppError(409, 'notCheckedIn', `This booking is ${b.status}, not checked in`);
  await repo.checkOutBooking(ctx, id, deps.now());
  await deps.changed?.(ctx, b.resourceId);
  return getBooking(ctx, deps, id);
}

export async function getTypePolicy(ctx: TenantContext, typeId: string): Promise<ResourceTypePolicy> {
  if (!(await repo.typeExists(ctx, typeId))) throw notFound('ResourceType');
  const stored = await repo.typePolicy(ctx, typeId);
  return { resourceTypeId: typeId, policy: policyOf(stored), isDefault: stored === undefined };
}

export async function setTypePolicy(ctx: TenantContext, typeId: string, policy: BookingPolicy): Promise<ResourceTypePolicy> {
  if (!(await repo.typeExists(ctx, typeId))) throw notFound('ResourceType');
  if (policy.maxDurationMinutes !== null && policy.maxDurationMinutes < policy.minDurationMinutes)
    throw fieldError('maxDurationMinutes', 'tooSmall', 'maxDurationMinutes must be at least minDurationMinutes');
  await repo.saveTypePolicy(ctx, typeId, policy);
  return { resourceTypeId: typeId, policy, isDefault: false };
}

// find-times: the free slots of `duration` minutes in the window across the matching bookable
// resources — each start allowed by the type's policy (freeStartsIn asks evaluateBooking) and
// its range, widened by the buffers, free of live bookings as the database would judge it.
// Ranked earliest first, then the smallest sufficient capacity. When none fits: the same
// resources in the week after the window, and other resources of the same type.
export async function findTimes(ctx: TenantContext, deps: BookingDeps, q: FindTimes): Promise<FindTimesResult> {
  const from = Date.parse(q.window.from);
  const to = Date.parse(q.window.to);
  if (to <= from) throw fieldError('window.to', 'invalidStartEndTime', 'window.to must be after window.from');
  if (to - from > FIND_TIMES_MAX_WINDOW_DAYS * DAY)
    throw fieldError('window.to', 'tooBig', `window may span at most ${FIND_TIMES_MAX_WINDOW_DAYS} days`);
  const limit = q.limit ?? 50;
  // through a booking page: its items, its policy and its time slots, as on the portal
  const page = q.pageId ? await pageRulesFor(ctx, q.pageId) : undefined;
  const rules = [page?.overrides ?? {}, page?.timeSlots ?? null] as const;
  const filter: repo.PlaceFilter = {
    ...(page ? page.items : {}),
    ...(q.resourceId ? { resourceId: q.resourceId } : {}),
    ...(q.typeId ? { typeId: q.typeId } : {}),
    ...(q.locationId ? { locationId: q.locationId } : {}),
    ...(q.capacity !== undefined ? { capacity: q.capacity } : {}),
    ...(q.attributes ? { attributes: q.attributes } : {}),
    ...(q.favouritesOnly ? { favouritesOf: ctx.tenantUserId } : {}),
  };
  const now = deps.now().getTime();
  if (q.near) {
    // the resources on that floor, nearest first: each one's earliest free times, then the next
    const centres = await deps.placements?.(ctx, q.near.floorMapId);
    if (!centres) throw fieldError('near.floorMapId', 'notFound', 'near.floorMapId names no floor map of this workspace');
    const { x, y } = q.near;
    const distances = new Map([...centres].map(([id, c]) => [id, Math.round(Math.hypot(c.x - x, c.y - y))]));
    const near: repo.PlaceFilter = { ...filter, anyOf: { resourceIds: [...distances.keys()], typeIds: [] } };
    const slots = await freeSlots(ctx, now, near, from, to, q.duration, FIND_TIMES_MAX_SLOTS, false, ...rules);
    const ranked = slots
      .map((s) => ({ ...s, distance: distances.get(s.resource.id) ?? 0 }))
      .sort((a, b) => a.distance - b.distance || Date.parse(a.start) - Date.parse(b.start));
    return { slots: ranked.slice(0, limit), suggestions: [] };
  }
  const slots = await freeSlots(ctx, now, filter, from, to, q.duration, limit, false, ...rules);
  if (slots.length > 0) return { slots, suggestions: [] };
  const later = (await freeSlots(ctx, now, filter, to, to + 7 * DAY, q.duration, 3, true, ...rules)).map((s) => ({
    ...s,
    reason: 'later' as const,
  }));
  const sameType: FindTimesResult['suggestions'] = [];
  if (q.resourceId) {
    const asked = await repo.resourcePlace(ctx, q.resourceId);
    if (asked?.typeId) {
      const others = await freeSlots(
        ctx,
        now,
        { ...(page ? page.items : {}), typeId: asked.typeId, excludeId: q.resourceId },
        from,
        to,
        q.duration,
        3,
        true,
        ...rules,
      );
      sameType.push(...others.map((s) => ({ ...s, reason: 'sameType' as const })));
    }
  }
  return { slots: [], suggestions: [...sameType, ...later] };
}

// `overrides`: a booking page's policy, laid over each type's, and `timeSlots` its windows (the
// portal's free times).
export async function freeSlots(
  ctx: TenantContext,
  now: number,
  filter: repo.PlaceFilter,
  from: number,
  to: number,
  duration: number,
  limit: number,
  firstPerResource = false,
  overrides: BookingPolicyOverrides = {},
  timeSlots: readonly BookingTimeSlot[] | null = null,
): Promise<FreeSlot[]> {
  const places = await repo.bookablePlaces(ctx, filter);
  const blocks = await repo.liveBlocks(
    ctx,
    new Date(now),
    places.map((p) => p.id),
    new Date(from - DAY),
    new Date(to + DAY),
  );
  const byResource = new Map<string, repo.Block[]>();
  for (const b of blocks) byResource.set(b.resourceId, [...(byResource.get(b.resourceId) ?? []), b]);
  // the policy and place are shared by the resources of one type at one location
  const starts = new Map<string, number[]>();
  const out: { start: number; place: repo.ResourcePlace }[] = [];
  const policies = new Map<string | null, BookingPolicy>();
  for (const p of places) {
    const policy = policies.get(p.typeId) ?? mergeBookingPolicies(policyOf(p.policy), overrides);
    policies.set(p.typeId, policy);
    const key = `${p.typeId}|${p.locationId}`;
    let candidates = starts.get(key);
    if (!candidates) {
      candidates = freeStartsIn(policy, placeOf(p, timeSlots), now, from, to, duration);
      starts.set(key, candidates);
    }
    const held = byResource.get(p.id) ?? [];
    const room = isExclusive(policy, p.capacity) ? 1 : (p.capacity ?? 1);
    // a resource's first `limit` free starts are all that can rank among the first `limit`
    const most = firstPerResource ? 1 : limit;
    let taken = 0;
    for (const s of candidates) {
      const range = blockedRange(policy, s, s + duration * MINUTE);
      if (held.filter((b) => b.from < range.until && b.until > range.from).length >= room) continue;
      out.push({ start: s, place: p });
      taken += 1;
      if (taken >= most) break;
    }
  }
  // earliest first, then the smallest sufficient capacity, then by name — numbers and plain
  // string order, as this may sort tens of thousands of candidates
  const capacity = (p: repo.ResourcePlace) => p.capacity ?? 1;
  out.sort(
    (a, b) =>
      a.start - b.start ||
      capacity(a.place) - capacity(b.place) ||
      (a.place.title < b.place.title ? -1 : a.place.title > b.place.title ? 1 : 0),
  );
  return out.slice(0, limit).map((o) => slotOf(o.place, o.start, o.start + duration * MINUTE));
}

const slotOf = (p: repo.ResourcePlace, start: number, end: number): FreeSlot => ({
  resource: { id: p.id, title: p.title, capacity: p.capacity },
  resourceType: p.typeId ? { id: p.typeId, title: p.typeTitle ?? '' } : null,
  location: p.locationId ? { id: p.locationId, title: p.locationTitle ?? '', timeZone: p.timeZone ?? 'UTC' } : null,
  start: new Date(start).toISOString(),
  end: new Date(end).toISOString(),
});

// A check-out of an item booked right now by someone else is refused with its own code (spec
// §5: booked and unbooked items give distinct errors); the booker may take it.
export async function assertNotBookedByOther(ctx: TenantContext, deps: BookingDeps, resourceId: string, holderId: string): Promise<void> {
  const booker = await repo.bookedNowByOther(ctx, resourceId, holderId, deps.now());
  if (booker)
    throw new AppError(409, 'resourceBooked', 'This item is booked by someone else right now; it cannot be checked out to another member');
}
