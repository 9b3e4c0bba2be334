import {
  bookingPageItemsSchema,
  bookingPolicyOverridesSchema,
  type BookingPageItems,
  type BookingPageMaps,
  type BookingPageMapsUpdate,
  type BookingPageTimeSlots,
  type BookingPolicyOverrides,
  type BookingTimeSlot,
} from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { AppError, fieldError, notFound } from '../../platform/errors';
import * as repo from './booking-page-settings.repository';

const MANAGE = 'Resource.ManageSettings';

// A booking page's own time slots and maps (decision 093 round six). Another workspace's page,
// a binned one, or one the member may not see inside the workspace (a Restricted or None page
// for a member who does not manage pages) answers 404.
async function visiblePage(ctx: TenantContext, id: string, lock = false): Promise<{ id: string; locationId: string }> {
  const page = await repo.pageOf(ctx, id, { lock, everyoneOnly: !ctx.permissions.has(MANAGE) });
  if (!page) throw notFound('BookingPage');
  return page;
}

export async function pageTimeSlots(ctx: TenantContext, id: string): Promise<BookingPageTimeSlots> {
  await visiblePage(ctx, id);
  return { slots: await repo.timeSlotsOf(ctx, id) };
}

// The whole list at once (its rules — a window ends after it starts, two of one weekday do not
// overlap — are the body schema's, answered 400 on slots.N.end / slots.N.start).
export async function savePageTimeSlots(ctx: TenantContext, id: string, body: BookingPageTimeSlots): Promise<BookingPageTimeSlots> {
  await visiblePage(ctx, id, true);
  await repo.replaceTimeSlots(ctx, id, body.slots);
  return { slots: await repo.timeSlotsOf(ctx, id) };
}

// The windows a booking through this page must lie in (none: the page adds no window).
export async function timeSlotsForPage(ctx: TenantContext, pageId: string): Promise<BookingTimeSlot[]> {
  return repo.timeSlotsOf(ctx, pageId);
}

const mapsAnswer = (maps: repo.PageMap[]): BookingPageMaps => ({ floorMapIds: maps.map((m) => m.id), maps });

export async function pageMaps(ctx: TenantContext, id: string): Promise<BookingPageMaps> {
  await visiblePage(ctx, id);
  return mapsAnswer(await repo.mapsOf(ctx, id));
}

// Each map must be one of the workspace's floor maps (400 notFound on floorMapIds.N).
export async function savePageMaps(ctx: TenantContext, id: string, body: BookingPageMapsUpdate): Promise<BookingPageMaps> {
  await visiblePage(ctx, id, true);
  const known = await repo.existingFloorMapIds(ctx, body.floorMapIds);
  const errors = body.floorMapIds.flatMap((mid, i) =>
    known.has(mid)
      ? []
      : [{ field: `floorMapIds.${i}`, code: 'notFound' as const, message: `floorMapIds.${i} names no floor map of this workspace` }],
  );
  if (errors.length > 0) throw new AppError(400, 'notFound', errors.map((e) => e.message).join('; '), errors);
  await repo.replaceMaps(ctx, id, body.floorMapIds);
  return mapsAnswer(await repo.mapsOf(ctx, id));
}

// The maps a portal page shows.
export const mapsForPage = (ctx: TenantContext, pageId: string): Promise<repo.PageMap[]> => repo.mapsOf(ctx, pageId);

// What booking through a page means, for the app and the portal alike: its items (the
// resources and types it names, else every bookable one of its location), its policy laid over
// each type's, and its own time slots.
export type PageRules = {
  items: { anyOf: { resourceIds: readonly string[]; typeIds: readonly string[] } } | { locationId: string };
  overrides: BookingPolicyOverrides;
  timeSlots: BookingTimeSlot[];
};

export function pageItemFilter(items: BookingPageItems, locationId: string): PageRules['items'] {
  return items.resourceIds.length + items.resourceTypeIds.length > 0
    ? { anyOf: { resourceIds: items.resourceIds, typeIds: items.resourceTypeIds } }
    : { locationId };
}

// A page a member books through in the app: one they may see (a Restricted or None page only
// for those who manage pages), live and not archived — else 400 notFound on `pageId`.
export async function pageRulesFor(ctx: TenantContext, pageId: string): Promise<PageRules> {
  const row = await repo.pageRulesOf(ctx, pageId, !ctx.permissions.has(MANAGE));
  if (!row) throw fieldError('pageId', 'notFound', 'pageId names no booking page you can book through');
  const items = bookingPageItemsSchema.safeParse(row.items ?? {});
  const policy = bookingPolicyOverridesSchema.safeParse(row.policy ?? {});
  return {
    items: pageItemFilter(items.success ? items.data : { resourceIds: [], resourceTypeIds: [] }, row.locationId),
    overrides: policy.success ? policy.data : {},
    timeSlots: await repo.timeSlotsOf(ctx, pageId),
  };
}
