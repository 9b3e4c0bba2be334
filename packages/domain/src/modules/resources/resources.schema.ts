import { z } from 'zod';
import { OPENING_DAYS } from './resources.enumerations';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string({ error: 'validation' }).regex(HH_MM, { error: 'validation' });

// One opening period of a location: a weekday, open and close as local HH:mm (the location's
// zone). A day may have more than one period (a lunch break); a day without one is closed.
// Close must be after open: a rule across the two values, checked by the server on every write
// (openingPeriodsClosingTooEarly) and answered `invalidStartEndTime` on the period's close.
export const openingPeriodSchema = z.strictObject({ day: z.enum(OPENING_DAYS, { error: 'invalidOption' }), open: time, close: time });
export const openingHoursSchema = z.array(openingPeriodSchema).max(28, { error: 'maxItems' });
export type OpeningHours = z.infer<typeof openingHoursSchema>;

// the positions of the periods that do not close after they open
export const openingPeriodsClosingTooEarly = (hours: OpeningHours): number[] => hours.flatMap((p, i) => (p.close > p.open ? [] : [i]));

// a resource type's or a resource's attributes: short names such as "monitor", "standing desk"
export const attributeNamesSchema = z
  .array(z.string({ error: 'validation' }).trim().min(1, { error: 'required' }).max(60, { error: 'maxLength' }))
  .max(30, { error: 'maxItems' })
  .refine((a) => new Set(a.map((x) => x.toLowerCase())).size === a.length, { error: 'duplicateKey' })
  .meta({ uniqueItems: true, description: 'Rule `duplicateKey`: no two names alike, ignoring case and surrounding spaces.' });

// Check an assignable item out to a workspace member (the caller when left out).
export const checkOutSchema = z.strictObject({ holderId: z.uuid({ error: 'validation' }).optional() });
export type CheckOut = z.infer<typeof checkOutSchema>;

// What I hold: the items checked out to me, longest held first.
export const myResourcesSchema = z.object({
  total: z.number().int(),
  resources: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      resourceTypeTitle: z.string().nullable(),
      locationTitle: z.string().nullable(),
      checkedOutAt: z.string(),
    }),
  ),
});
export type MyResources = z.infer<typeof myResourcesSchema>;
