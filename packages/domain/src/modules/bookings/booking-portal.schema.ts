import { z } from 'zod';
import { isDateInRange } from '../../date-range';
import { mapShapeSchema } from '../resources/floor-map.schema';
import { bookingTimeSlotSchema } from './booking-page-settings.schema';
import { BOOKING_STATUSES } from './bookings.enumerations';

// The public booking portal (issue 22; decision 093 round four): /portal/<workspace>/book/<slug>.
const invalid = (issue: { input: unknown }) => (issue.input === undefined ? 'required' : 'validation');
const instant = z.iso.datetime({ offset: true, error: invalid }).refine(isDateInRange, { error: 'dateOutOfRange' });

export const bookingPortalParamsSchema = z.object({
  workspace: z.string().min(1).max(63),
  slug: z.string().min(1).max(63),
});
export type BookingPortalParams = z.infer<typeof bookingPortalParamsSchema>;

// What a visitor may choose: each item's duration rules under the page's merged policy.
const itemPolicySchema = z.object({
  minDurationMinutes: z.number().int(),
  maxDurationMinutes: z.number().int().nullable(),
  fixedDurationMinutes: z.number().int().nullable(),
  incrementMinutes: z.number().int(),
  minLeadMinutes: z.number().int(),
  maxLeadMinutes: z.number().int().nullable(),
});
export const bookingPortalPageSchema = z.object({
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  location: z.object({ name: z.string(), timeZone: z.string(), address: z.string().nullable() }),
  items: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      type: z.string().nullable(),
      capacity: z.number().int().nullable(),
      policy: itemPolicySchema,
    }),
  ),
  // how long a hold keeps the time while the visitor fills in the form
  holdMinutes: z.number().int(),
  // the page's own weekly windows (local time of the location); empty: none of its own
  timeSlots: z.array(bookingTimeSlotSchema),
  // the signed-in portal user (decision 093 round seven), who books without a captcha as their contact
  portalUser: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type BookingPortalPage = z.infer<typeof bookingPortalPageSchema>;

// Free times of one local day (the location's zone) for a duration, of one item or all.
export const bookingPortalSlotsQuerySchema = z.strictObject({
  day: z.iso.date({ error: invalid }),
  duration: z.coerce.number({ error: invalid }).int({ error: 'validation' }).min(1, { error: 'tooSmall' }).max(1440, { error: 'tooBig' }),
  resourceId: z.uuid({ error: invalid }).optional(),
});
export type BookingPortalSlotsQuery = z.infer<typeof bookingPortalSlotsQuerySchema>;
export const bookingPortalSlotsSchema = z.object({
  timeZone: z.string(),
  slots: z.array(z.object({ resourceId: z.uuid(), resourceTitle: z.string(), start: z.string(), end: z.string() })),
});
export type BookingPortalSlots = z.infer<typeof bookingPortalSlotsSchema>;

// A short hold of a time while the visitor fills in the form; confirmed, it becomes a booking.
export const bookingPortalHoldCreateSchema = z.strictObject({ resourceId: z.uuid({ error: invalid }), start: instant, end: instant });
export type BookingPortalHoldCreate = z.infer<typeof bookingPortalHoldCreateSchema>;
export const bookingPortalHoldSchema = z.object({
  holdId: z.uuid(),
  heldUntil: z.string(),
  resourceId: z.uuid(),
  start: z.string(),
  end: z.string(),
});
export type BookingPortalHold = z.infer<typeof bookingPortalHoldSchema>;

// name, e-mail and captcha are required of an anonymous visitor (400 required on each); a signed-in
// portal user books as their contact and needs none of them.
export const bookingPortalConfirmSchema = z.strictObject({
  name: z.string({ error: invalid }).trim().min(1, { error: 'required' }).max(200, { error: 'maxLength' }).optional(),
  email: z
    .string({ error: invalid })
    .trim()
    .toLowerCase()
    .min(1, { error: 'required' })
    .max(254, { error: 'maxLength' })
    .email({ error: 'invalidEmail' })
    .optional(),
  notes: z.string({ error: invalid }).max(2000, { error: 'maxLength' }).optional(),
  captcha: z
    .strictObject({ challenge: z.string().min(1).max(300), nonce: z.string().min(1).max(40) }, { error: 'captchaInvalid' })
    .meta({ description: 'Rule `captchaInvalid`: the nonce must solve the challenge from …/captcha, within its ten minutes.' })
    .optional(),
});
export type BookingPortalConfirm = z.infer<typeof bookingPortalConfirmSchema>;
export const bookingPortalHoldParamsSchema = bookingPortalParamsSchema.extend({ holdId: z.uuid() });

// A portal booking as its booker sees it (the confirmation, the cancel page).
export const bookingPortalBookingSchema = z.object({
  id: z.uuid(),
  page: z.string(),
  resource: z.string(),
  location: z.string().nullable(),
  timeZone: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(BOOKING_STATUSES),
  // the address of its cancel page (also in the confirmation mail)
  cancelPath: z.string(),
  mayCancel: z.boolean(),
});
export type BookingPortalBooking = z.infer<typeof bookingPortalBookingSchema>;
export const bookingPortalTokenParamsSchema = z.object({ workspace: z.string().min(1).max(63), token: z.string().min(1).max(300) });

// the web path of a booking page on the portal, and of a portal booking's cancel page
export const bookingPortalPath = (workspace: string, slug: string): string => `/portal/${workspace}/book/${slug}`;
export const bookingCancelPath = (workspace: string, token: string): string => `/portal/${workspace}/bookings/${token}`;

// The floor maps a booking page shows on the portal (decision 093 round six): each with its plan
// (…/maps/:mapId/image) and the places of the resources the page offers — no other resource of
// the floor is named to a visitor.
export const bookingPortalMapsSchema = z.object({
  maps: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      level: z.string(),
      version: z.number().int(),
      image: z.object({ width: z.number().int(), height: z.number().int() }).nullable(),
      places: z.array(z.object({ resourceId: z.uuid(), shape: mapShapeSchema, rotation: z.number(), label: z.string().nullable() })),
    }),
  ),
});
export type BookingPortalMaps = z.infer<typeof bookingPortalMapsSchema>;
export const bookingPortalMapParamsSchema = bookingPortalParamsSchema.extend({ mapId: z.uuid() });

// A booking page's visitor asks for a sign-in link (the workspace's own, no helpdesk needed; decision
// 093 round eight); the link leads back to the page and the mail is written in `language` (else the
// request's Accept-Language, else English). The answer is the same for an unknown address.
export const bookingPortalSignInSchema = z.strictObject({
  email: z
    .string({ error: invalid })
    .trim()
    .toLowerCase()
    .min(1, { error: 'required' })
    .max(254, { error: 'maxLength' })
    .email({ error: 'invalidEmail' }),
  language: z.enum(['en', 'de'], { error: invalid }).optional(),
});
export type BookingPortalSignIn = z.infer<typeof bookingPortalSignInSchema>;
export const bookingPortalSignInResultSchema = z.object({ sent: z.literal(true) });
// The mailed link's token, redeemed by the page it leads to (a POST, so a mail scanner opening the
// link spends nothing).
export const bookingPortalRedeemSchema = z.strictObject({
  token: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(100, { error: 'maxLength' })
    .meta({ description: 'Rule `portalAccessDenied`: the token of a sign-in link, unused and within its 15 minutes.' }),
});
export type BookingPortalRedeem = z.infer<typeof bookingPortalRedeemSchema>;
export const bookingPortalUserSchema = z.object({ email: z.string(), name: z.string() });
export type BookingPortalUser = z.infer<typeof bookingPortalUserSchema>;
