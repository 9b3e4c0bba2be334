import { z } from 'zod';
import { defineEntity } from '../../entity/define-entity';
import { fields } from '../../entity/fields';
import { resourceModulePermissions } from '../resources/resources.permissions';

// A booking service (spec §3 "booking service"; issue 22): what can be ordered with a booking —
// catering, a room set-up, a parking space — offered at one location and for one resource type
// or everywhere (both empty), with the notice it needs and the address told of each order (the
// kitchen, the facilities desk). Seen by whoever books (Resource.ViewResources), managed with
// Resource.ManageSettings like booking pages.
export const BOOKING_SERVICE_MAX_LEAD_MINUTES = 30 * 24 * 60;
export const bookingServiceEntity = defineEntity({
  kind: 'Service',
  module: 'bookings',
  basePath: '/api/v1/booking-services',
  web: { path: '/booking-services', icon: 'CoffeeOutlined' },
  title: { fields: ['name'] },
  fields: {
    name: fields.text({ max: 200, required: true, quick: true, example: 'Coffee and pastries' }),
    locationId: fields.reference('Location', { onDelete: 'clear', quick: true }),
    resourceTypeId: fields.reference('ResourceType', { onDelete: 'clear', quick: true }),
    leadTimeMinutes: fields.integer({ max: BOOKING_SERVICE_MAX_LEAD_MINUTES, quick: true, example: '120' }),
    price: fields.money({ quick: true, example: '4.50' }),
    notifyEmail: fields.email({ quick: true, example: 'kitchen@example.com' }),
    description: fields.longText({ max: 5000 }),
  },
  searchFields: ['name'],
  defaultColumns: ['locationId', 'resourceTypeId', 'leadTimeMinutes', 'price', 'notifyEmail'],
  defaultSort: [{ field: 'name', order: 'asc' }],
  savedViewKey: 'booking-services',
  permissions: resourceModulePermissions({
    view: 'Resource.ViewResources',
    create: 'Resource.ManageSettings',
    manage: 'Resource.ManageSettings',
  }),
  capabilities: { archive: true },
});

// The services ordered with a booking, as a whole: each service once, 1–999 of it, with a note
// for whoever provides it. An empty list cancels every order.
export const BOOKING_SERVICES_MAX = 20;
export const BOOKING_SERVICE_QUANTITY_MAX = 999;
const NOTE_MAX = 500;
export const bookingServiceOrderSchema = z.strictObject({
  serviceId: z.uuid({ error: 'validation' }),
  quantity: z
    .number({ error: 'validation' })
    .int({ error: 'validation' })
    .min(1, { error: 'tooSmall' })
    .max(BOOKING_SERVICE_QUANTITY_MAX, { error: 'tooBig' })
    .default(1),
  note: z.string({ error: 'validation' }).trim().max(NOTE_MAX, { error: 'maxLength' }).optional(),
});
export const bookingServicesSchema = z.strictObject({
  services: z
    .array(bookingServiceOrderSchema)
    .max(BOOKING_SERVICES_MAX, { error: 'maxItems' })
    .refine((list) => new Set(list.map((s) => s.serviceId)).size === list.length, { error: 'duplicateKey' }),
});
export type BookingServicesInput = z.input<typeof bookingServicesSchema>;
export type BookingServices = z.infer<typeof bookingServicesSchema>;

// A service as a booking shows it: what was ordered, and what may be.
export const orderedServiceSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  quantity: z.number().int(),
  note: z.string().nullable(),
});
export type OrderedService = z.infer<typeof orderedServiceSchema>;
export const offeredServiceSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  leadTimeMinutes: z.number().int().nullable(),
  price: z.number().nullable(),
  // ordering it now is too late for the booking's start (its notice has passed)
  tooLate: z.boolean(),
});
export type OfferedService = z.infer<typeof offeredServiceSchema>;
export const bookingServicesAnswerSchema = z.object({
  ordered: z.array(orderedServiceSchema),
  offered: z.array(offeredServiceSchema),
});
export type BookingServicesAnswer = z.infer<typeof bookingServicesAnswerSchema>;
