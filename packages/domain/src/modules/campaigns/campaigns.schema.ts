import { z } from 'zod';
import { pageSizeSchema } from '../../schemas';
import { RECIPIENT_STATES, SKIP_REASONS, CAMPAIGN_STATUSES } from './campaigns.enumerations';

// How many contacts a segment holds now.
export const segmentCountSchema = z.object({ count: z.number().int() });
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

// The workspace's sending limit: e-mails of campaigns per hour.
export const CAMPAIGN_HOURLY_LIMIT = { default: 1000, max: 100_000 } as const;
export const campaignSettingsSchema = z.strictObject({
  hourlyLimit: z.number().int().min(1, { error: 'tooSmall' }).max(CAMPAIGN_HOURLY_LIMIT.max, { error: 'tooBig' }),
});
export type CampaignSettings = z.infer<typeof campaignSettingsSchema>;

// The public unsubscribe page (spec §7: unsubscribe): who is asked, for which workspace.
export const unsubscribeInfoSchema = z.object({ workspaceName: z.string(), email: z.string(), unsubscribed: z.boolean() });
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;

// GET /api/v1/campaigns/:id/statistics: what happened hour by hour (UTC), from the recipients' times.
export const campaignStatisticsSchema = z.object({
  hours: z.array(z.object({ hour: z.string(), sent: z.number().int(), clicked: z.number().int(), unsubscribed: z.number().int() })),
});
export type CampaignStatistics = z.infer<typeof campaignStatisticsSchema>;
