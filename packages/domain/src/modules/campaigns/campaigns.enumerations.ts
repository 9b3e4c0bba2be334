// Campaign statuses (issue 24): Draft until sent or scheduled; Sending while the job mails its
// frozen recipients; Suspended stops it (resume continues where it stopped); Sent when every
// recipient has been dealt with.
export const CAMPAIGN_STATUSES = ['Draft', 'Scheduled', 'Sending', 'Suspended', 'Sent'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

// A recipient's state: queued when frozen; sent once its mail is in the outbox; skipped when the
// contact was blocked, marked spam, unsubscribed or had no address at the moment it would have
// gone out; then opened, clicked, bounced or unsubscribed as the contact reacts.
// What last happened to a campaign (its lastAction, beside lastActionAt): started, scheduled,
// suspended or resumed by a member, finished by the job, or suspended by the job because a
// segment's filter no longer compiles (a custom field it names was deleted) — once, with a note
// naming the segment and the field, instead of failing every minute (decision 095).
export const CAMPAIGN_LAST_ACTIONS = ['Started', 'Scheduled', 'Suspended', 'Resumed', 'Finished', 'SegmentBroken'] as const;
export type CampaignLastAction = (typeof CAMPAIGN_LAST_ACTIONS)[number];

// ISO 8601 weekdays (1 Monday … 7 Sunday) of a campaign's send window.
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export const RECIPIENT_STATES = ['queued', 'sent', 'skipped', 'opened', 'clicked', 'bounced', 'unsubscribed'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];
export const SKIP_REASONS = ['blocked', 'spam', 'unsubscribed', 'noEmail'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

// What campaigns add to the shared enumerations, collected by ../module-enumerations.ts.
// campaignNotEditable: a campaign sending or sent keeps its segments, template and sender.
// campaignNotStartable: only a draft or scheduled campaign starts; it needs segments and a template.
// campaignNotSuspendable / campaignNotSuspended: suspend stops a scheduled or sending campaign,
// resume continues a suspended one. invalidSignature: a tracking link that was altered.
// invalidTime: a send window's time of day that is not HH:MM. segmentFilterBroken: a segment's
// filter names a field that no longer exists (a deleted custom field), so it cannot be sent to.
export const CAMPAIGNS_ERROR_CODES = [
  'campaignNotEditable',
  'campaignNotStartable',
  'campaignNotSuspendable',
  'campaignNotSuspended',
  'invalidSignature',
  'invalidTime',
  'segmentFilterBroken',
] as const;
// on a contact's timeline (feed type Campaign): mailed, opened (the pixel), clicked a link,
// bounced, unsubscribed
export const CAMPAIGNS_ACTIVITY_ACTIONS = [
  'campaignSent',
  'campaignOpened',
  'campaignClicked',
  'campaignBounced',
  'campaignUnsubscribed',
] as const;
