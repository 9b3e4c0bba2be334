import {
  bookingPageItemsSchema,
  bookingPagePortalAccessSchema,
  bookingPolicyOverridesSchema,
  slugOf,
  type ErrorCode,
} from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import type { EntityHooks, EntityRow, RowVisibility } from '../../platform/entity';
import { assertWithinPlanLimit } from '../admin';
import * as repo from './booking-pages.repository';

const MANAGE = 'Resource.ManageSettings';
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

// Inside the workspace (spec §4): a page offered to Everyone is seen by every member with
// Booking.ViewBookingPages; a Restricted or None page only by those who manage pages.
export const bookingPageVisibility: RowVisibility = (ctx: TenantContext) => (ctx.permissions.has(MANAGE) ? undefined : repo.everyoneRule());

// A page's slug: made from its name when left empty (spec §5 slug rules, as a helpdesk portal's),
// unique in the workspace (409 slugAlreadyExists). Its items must be the workspace's resources
// and resource types (400 notFound on items.resourceIds.N / items.resourceTypeIds.N).
async function pageValues(ctx: TenantContext, values: EntityRow, id: string | null): Promise<EntityRow> {
  let out = values;
  if ('slug' in values || id === null) {
    const slug = str(values.slug) ?? slugOf(String(values.name ?? ''), 63);
    if (!slug) throw fieldError('slug', 'slugRequired', 'slug is required (the name has no letters or digits to make one of)');
    if (await repo.slugTaken(ctx, slug, id)) throw fieldError('slug', 'slugAlreadyExists', 'slug is already taken', 409);
    out = { ...out, slug };
  }
  if (values.items != null) {
    const items = bookingPageItemsSchema.parse(values.items);
    const errors: { field: string; code: ErrorCode; message: string }[] = [];
    const resources = await repo.existingResourceIds(ctx, items.resourceIds);
    const types = await repo.existingTypeIds(ctx, items.resourceTypeIds);
    items.resourceIds.forEach((rid, i) => {
      if (!resources.has(rid))
        errors.push({
          field: `items.resourceIds.${i}`,
          code: 'notFound',
          message: `items.resourceIds.${i} names no resource of this workspace`,
        });
    });
    items.resourceTypeIds.forEach((tid, i) => {
      if (!types.has(tid))
        errors.push({
          field: `items.resourceTypeIds.${i}`,
          code: 'notFound',
          message: `items.resourceTypeIds.${i} names no resource type of this workspace`,
        });
    });
    if (errors.length > 0) throw new AppError(400, 'notFound', errors.map((e) => e.message).join('; '), errors);
    out = { ...out, items };
  }
  // a Restricted page's portal users: the workspace's contacts and organizations (400 notFound
  // on portalAccess.contactIds.N / portalAccess.organizationIds.N)
  if (values.portalAccess != null) {
    const access = bookingPagePortalAccessSchema.parse(values.portalAccess);
    const contacts = await repo.existingContactIds(ctx, access.contactIds);
    const organizations = await repo.existingOrganizationIds(ctx, access.organizationIds);
    const errors = [
      ...access.contactIds.flatMap((cid, i) => (contacts.has(cid) ? [] : [`portalAccess.contactIds.${i}`])),
      ...access.organizationIds.flatMap((oid, i) => (organizations.has(oid) ? [] : [`portalAccess.organizationIds.${i}`])),
    ].map((field) => ({ field, code: 'notFound' as const, message: `${field} names no contact or organization of this workspace` }));
    if (errors.length > 0) throw new AppError(400, 'notFound', errors.map((e) => e.message).join('; '), errors);
    out = { ...out, portalAccess: access };
  }
  if (values.policy != null) {
    const policy = bookingPolicyOverridesSchema.parse(values.policy);
    if (
      policy.maxDurationMinutes != null &&
      policy.minDurationMinutes !== undefined &&
      policy.maxDurationMinutes < policy.minDurationMinutes
    )
      throw fieldError('policy.maxDurationMinutes', 'tooSmall', 'policy.maxDurationMinutes must be at least policy.minDurationMinutes');
  }
  return out;
}

export const bookingPageHooks: EntityHooks = {
  // Free Workplace allows one booking page (spec §1): the second answers the plan's error
  beforeCreate: async (ctx, values) => {
    assertWithinPlanLimit(ctx, 'bookingPages', await repo.countPagesLocked(ctx));
    return pageValues(ctx, values, null);
  },
  beforeUpdate: (ctx, values, before) => pageValues(ctx, values, String(before.id)),
};
