import { z } from 'zod';
import { LIMITS } from '../../constants';
import { defineEntity } from '../../entity/define-entity';
import { fields } from '../../entity/fields';
import { resourceModulePermissions } from '../resources/resources.permissions';
import { BOOKING_PAGE_EXTERNAL_VISIBILITIES, BOOKING_PAGE_INTERNAL_VISIBILITIES } from './bookings.enumerations';
import { bookingPolicyOverridesSchema } from './bookings.schema';

export const BOOKING_PAGE_MAX_ITEMS = 200;
const ids = z
  .array(z.uuid({ error: 'validation' }))
  .max(BOOKING_PAGE_MAX_ITEMS, { error: 'maxItems' })
  .refine((v) => new Set(v).size === v.length, { error: 'duplicateKey' });
// What a booking page offers: resources by id and every bookable resource of some types. Both
// empty: every bookable resource of the page's location.
export const bookingPageItemsSchema = z.strictObject({
  resourceIds: ids.default([]),
  resourceTypeIds: ids.default([]),
});
export type BookingPageItems = z.infer<typeof bookingPageItemsSchema>;

// Who may use a page whose external visibility is Restricted (spec §4): portal users whose
// contact is listed, or belongs to a listed organization. Other visibilities ignore it.
export const bookingPagePortalAccessSchema = z.strictObject({
  contactIds: ids.default([]),
  organizationIds: ids.default([]),
});
export type BookingPagePortalAccess = z.infer<typeof bookingPagePortalAccessSchema>;

// A booking page (spec §2 "booking pages", §4 visibility; decision 093 round four): what it
// offers at one location, its policy laid over each type's (mergeBookingPolicies), who sees it
// inside the workspace and on the portal (/portal/<workspace>/book/<slug>). Free Workplace
// allows one (plan limit `bookingPages`). Seen with Booking.ViewBookingPages, managed with
// Resource.ManageSettings (the asset catalogue's settings permission: a page is booking set-up).
export const bookingPageEntity = defineEntity({
  kind: 'BookingPage',
  module: 'bookings',
  basePath: '/api/v1/booking-pages',
  web: { path: '/booking-pages', icon: 'CalendarOutlined' },
  title: { fields: ['name'] },
  fields: {
    name: fields.text({ max: 200, required: true, quick: true, example: 'Meeting rooms' }),
    slug: fields.slug({ max: LIMITS.slugMax, quick: true, example: 'meeting-rooms' }),
    locationId: fields.reference('Location', { onDelete: 'refuse', required: true, quick: true }),
    internalVisibility: fields.enumeration(BOOKING_PAGE_INTERNAL_VISIBILITIES, { quick: true, defaultValue: 'Everyone' }),
    externalVisibility: fields.enumeration(BOOKING_PAGE_EXTERNAL_VISIBILITIES, { quick: true, defaultValue: 'None' }),
    portalEnabled: fields.boolean({ quick: true }),
    portalAccess: fields.json(bookingPagePortalAccessSchema, { form: true }),
    items: fields.json(bookingPageItemsSchema, { form: true }),
    policy: fields.json(bookingPolicyOverridesSchema, { form: true }),
    description: fields.longText({ max: 5000 }),
  },
  oldSlugs: { field: 'slug' },
  searchFields: ['name', 'slug'],
  defaultColumns: ['slug', 'locationId', 'internalVisibility', 'externalVisibility', 'portalEnabled'],
  defaultSort: [{ field: 'name', order: 'asc' }],
  savedViewKey: 'booking-pages',
  permissions: resourceModulePermissions({
    view: 'Booking.ViewBookingPages',
    create: 'Resource.ManageSettings',
    manage: 'Resource.ManageSettings',
  }),
  capabilities: { archive: true },
});
