import { z } from 'zod';
import { pageSizeSchema, TIME_ZONES } from '../../schemas';
import { RECIPIENT_STATES, SKIP_REASONS, CAMPAIGN_STATUSES } from './campaigns.enumerations';

// How many contacts a segment holds now; `problem`: its stored filter no longer works (it names
// a custom field deleted since), the field and why — the members stay as they last were.
export const segmentCountSchema = z.object({
  count: z.number().int(),
  problem: z.object({ field: z.string(), code: z.string(), message: z.string() }).optional(),
});
export type SegmentCount = z.infer<typeof segmentCountSchema>;

// POST /api/v1/campaigns/:id/recipients: the frozen recipients, each with its state.
export const campaignRecipientsRequestSchema = z.strictObject({
  page: z.number().int().min(1).default(1),
  pageSize: pageSizeSchema.default(25),
  search: z.string().trim().max(200).optional(),
  state: z.enum(RECIPIENT_STATES, { error: 'invalidOption' }).optional(),
});
export type CampaignRecipientsRequest = z.infer<typeof campaignRecipientsRequestSchema>;
export const campaignRecipientSchema = z.object({
  contactId: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  state: z.enum(RECIPIENT_STATES),
  skipReason: z.enum(SKIP_REASONS).nullable(),
  queuedAt: z.string(),
  sentAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  clickedAt: z.string().nullable(),
  bouncedAt: z.string().nullable(),
  // a bounce's delivery status (RFC 3464), e.g. 5.1.1 (hard) or 4.2.2 (soft)
  bounceStatus: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
export type CampaignRecipient = z.infer<typeof campaignRecipientSchema>;

// POST /api/v1/campaigns/statuses: the status and counters of several campaigns (a list polls it).
export const campaignStatusesRequestSchema = z.strictObject({ ids: z.array(z.uuid()).min(1, { error: 'required' }).max(100) });
export const campaignStatusSchema = z.object({
  id: z.uuid(),
  status: z.enum(CAMPAIGN_STATUSES),
  recipients: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  bounced: z.number().int(),
  unsubscribed: z.number().int(),
  skipped: z.number().int(),
  lastActionAt: z.string().nullable(),
});
export type CampaignStatusRow = z.infer<typeof campaignStatusSchema>;

// The workspace's campaign settings: e-mails per hour and per day (the day in the settings' time
// zone; null: no daily cap), the time zone of send windows (and of recipients without their own),
// and whether mails carry an open-tracking pixel. A PUT may leave fields out: they keep their value.
export const CAMPAIGN_HOURLY_LIMIT = { default: 1000, max: 100_000 } as const;
export const CAMPAIGN_DAILY_LIMIT = { max: 1_000_000 } as const;
const hourlyLimitSchema = z.number().int().min(1, { error: 'tooSmall' }).max(CAMPAIGN_HOURLY_LIMIT.max, { error: 'tooBig' });
const dailyLimitSchema = z.number().int().min(1, { error: 'tooSmall' }).max(CAMPAIGN_DAILY_LIMIT.max, { error: 'tooBig' }).nullable();
export const campaignSettingsSchema = z.object({
  hourlyLimit: hourlyLimitSchema,
  dailyLimit: dailyLimitSchema,
  timeZone: z.enum(TIME_ZONES, { error: 'invalidTimeZone' }),
  openTracking: z.boolean(),
});
export type CampaignSettings = z.infer<typeof campaignSettingsSchema>;
export const campaignSettingsUpdateSchema = z.strictObject({
  hourlyLimit: hourlyLimitSchema.optional(),
  dailyLimit: dailyLimitSchema.optional(),
  timeZone: z.enum(TIME_ZONES, { error: 'invalidTimeZone' }).optional(),
  openTracking: z.boolean({ error: 'validation' }).optional(),
});
export type CampaignSettingsUpdate = z.infer<typeof campaignSettingsUpdateSchema>;

// The public unsubscribe page (spec §7: unsubscribe): who is asked, for which workspace.
export const unsubscribeInfoSchema = z.object({ workspaceName: z.string(), email: z.string(), unsubscribed: z.boolean() });
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;

// GET /api/v1/campaigns/:id/statistics: what happened hour by hour (UTC), from the recipients' times.
export const campaignStatisticsSchema = z.object({
  hours: z.array(
    z.object({
      hour: z.string(),
      sent: z.number().int(),
      opened: z.number().int(),
      clicked: z.number().int(),
      bounced: z.number().int(),
      unsubscribed: z.number().int(),
    }),
  ),
});
export type CampaignStatistics = z.infer<typeof campaignStatisticsSchema>;

// POST /api/v1/segments/rebuild: the repair job for one segment, or every segment of the workspace.
export const segmentRebuildRequestSchema = z.strictObject({ segmentId: z.uuid({ error: 'validation' }).optional() });
