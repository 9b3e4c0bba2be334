import { defineEntity } from '../../entity/define-entity';
import { fields } from '../../entity/fields';
import { z } from 'zod';
import { CAMPAIGN_LAST_ACTIONS, CAMPAIGN_STATUSES } from './campaigns.enumerations';

export const CAMPAIGN_SEGMENTS_MAX = 20;
// a time of day, HH:MM from 00:00 to 23:59
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

// An e-mail campaign (spec §3, issue 24): a core e-mail template of contacts (merge fields)
// sent to the contacts of its segments, now or at a scheduled time, by the sending job. Its
// status and counters are the server's: they change through send, suspend and resume and as
// recipients are mailed, open, click or unsubscribe.
export const campaignEntity = defineEntity({
  kind: 'Campaign',
  module: 'campaigns',
  basePath: '/api/v1/campaigns',
  web: { path: '/campaigns', icon: 'NotificationOutlined' },
  title: { fields: ['name'] },
  fields: {
    name: fields.text({ max: 200, required: true, quick: true }),
    status: fields.enumeration(CAMPAIGN_STATUSES, { readOnly: true }),
    segmentIds: fields.json(
      z
        .array(z.uuid({ error: 'validation' }))
        .max(CAMPAIGN_SEGMENTS_MAX, { error: 'tooBig' })
        .meta({ description: 'Segment ids. Rule `tooBig`: at most 20 segments.' }),
      { form: true },
    ),
    // an e-mail template of contacts (core's email templates, entity kind Contact)
    emailTemplateId: fields.text({
      max: 36,
      quick: true,
      pattern: { regex: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, code: 'validation' },
      example: '5f0c6c5e-8a0b-4f43-9d39-1f2b7f3e9a10',
    }),
    senderName: fields.text({ max: 100 }),
    senderEmail: fields.email(),
    scheduledAt: fields.dateTime(),
    // a daily send window (HH:MM, 24 h; an end before the start spans midnight), in the
    // workspace's time zone or, with recipientLocalTime, in each recipient's (decision 095)
    sendWindowStart: fields.text({ max: 5, pattern: { regex: TIME_OF_DAY, code: 'invalidTime' }, example: '09:00' }),
    sendWindowEnd: fields.text({ max: 5, pattern: { regex: TIME_OF_DAY, code: 'invalidTime' }, example: '17:00' }),
    recipientLocalTime: fields.boolean(),
    // the weekdays the window is open (ISO: 1 Monday … 7 Sunday), in the same zone as its times;
    // empty or left out: every day; stored sorted, each day once
    sendWindowDays: fields.json(
      z
        .array(
          z.number({ error: 'validation' }).int({ error: 'validation' }).min(1, { error: 'validation' }).max(7, { error: 'validation' }),
        )
        .max(7, { error: 'tooBig' })
        .meta({ description: 'ISO weekdays, 1 Monday … 7 Sunday; empty: every day. Stored sorted, each day once.' }),
      { form: true },
    ),
    lastAction: fields.enumeration(CAMPAIGN_LAST_ACTIONS, { readOnly: true }),
    // what the last action needs said (the broken segment and its filter)
    lastActionNote: fields.text({ max: 500, readOnly: true }),
    lastActionAt: fields.dateTime({ readOnly: true }),
    recipients: fields.integer({ readOnly: true, min: 0 }),
    sent: fields.integer({ readOnly: true, min: 0 }),
    opened: fields.integer({ readOnly: true, min: 0 }),
    clicked: fields.integer({ readOnly: true, min: 0 }),
    bounced: fields.integer({ readOnly: true, min: 0 }),
    unsubscribed: fields.integer({ readOnly: true, min: 0 }),
  },
  searchFields: ['name'],
  defaultColumns: ['status', 'scheduledAt', 'recipients', 'sent', 'opened', 'clicked', 'unsubscribed'],
  defaultSort: [{ field: 'updatedAt', order: 'desc' }],
  savedViewKey: 'campaigns',
  permissions: {
    view: 'Campaign.ViewCampaigns',
    create: 'Contact.ManageContacts',
    manage: 'Contact.ManageContacts',
    timeline: 'Campaign.ViewCampaigns',
    settings: 'Contact.ManageSettings',
    viewRestricted: 'Contact.ViewRestrictedFields',
    manageRestricted: 'Contact.ManageRestrictedFields',
  },
  capabilities: { archive: true },
});
