import { z } from 'zod';
import { entityKindSchema, entityRefSchema } from './shared-records.schema';
import { emailSchema, pagedRequestSchema } from './schemas';

// E-mail templates per entity kind (decision 075). Subject and body are plain text with
// {{field}} merge fields; the body is laid out in the product's one HTML layout when sent, with
// every merged value escaped.
export const EMAIL_TEMPLATE_NAME_MAX = 200;
export const EMAIL_SUBJECT_MAX = 500;
export const EMAIL_BODY_MAX = 50_000;
// at most this many attachments, and together at most EMAIL_ATTACHMENTS_MAX_BYTES
export const EMAIL_ATTACHMENTS_MAX = 10;
export const EMAIL_ATTACHMENTS_MAX_BYTES = 20 * 1024 * 1024;
export const EMAIL_RECIPIENTS_MAX = 20;

// {{ firstName }}, {{customFields.tier}}, {{user.name}}: letters, digits, dots and underscores
export const MERGE_FIELD_PATTERN = /\{\{\s*([A-Za-z][A-Za-z0-9_.]*)\s*\}\}/g;

const text = (max: number) => z.string({ error: 'validation' }).max(max, { error: 'maxLength' });
const required = (max: number) => text(max).trim().min(1, { error: 'required' });

export const mergeFieldSchema = z.object({
  // what goes between the braces
  key: z.string(),
  // a caption key (built-in fields, the sender, the workspace) or the custom field's own label
  label: z.string(),
  // true when the label is a caption key
  caption: z.boolean(),
  group: z.enum(['record', 'custom', 'sender', 'workspace']),
});
export type MergeField = z.infer<typeof mergeFieldSchema>;
export const mergeFieldsQuerySchema = z.strictObject({ entityKind: entityKindSchema });

export const emailTemplateSchema = z.object({
  id: z.uuid(),
  entityKind: entityKindSchema,
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;
export const emailTemplateWriteSchema = z.strictObject({
  entityKind: entityKindSchema,
  name: required(EMAIL_TEMPLATE_NAME_MAX),
  subject: required(EMAIL_SUBJECT_MAX),
  body: required(EMAIL_BODY_MAX),
});
export type EmailTemplateWrite = z.infer<typeof emailTemplateWriteSchema>;
export const emailTemplateListSchema = pagedRequestSchema.extend({ entityKind: entityKindSchema.optional() });

// A preview renders a template (saved, or the one being edited) for one record.
export const emailPreviewRequestSchema = entityRefSchema.extend({
  templateId: z.uuid().optional(),
  subject: text(EMAIL_SUBJECT_MAX).optional(),
  body: text(EMAIL_BODY_MAX).optional(),
});
export type EmailPreviewRequest = z.infer<typeof emailPreviewRequestSchema>;
export const emailPreviewSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type EmailPreview = z.infer<typeof emailPreviewSchema>;

const address = emailSchema;

// Send e-mail (spec §7): from a record's page, with a template or free text.
export const sendEmailSchema = entityRefSchema
  .extend({
    to: z.array(address).min(1, { error: 'required' }).max(EMAIL_RECIPIENTS_MAX, { error: 'maxItems' }),
    cc: z.array(address).max(EMAIL_RECIPIENTS_MAX, { error: 'maxItems' }).default([]),
    templateId: z.uuid().optional(),
    // free text, or the template's text edited before sending; merge fields are filled in too
    subject: text(EMAIL_SUBJECT_MAX).optional(),
    body: text(EMAIL_BODY_MAX).optional(),
    // documents of the same record
    documentIds: z.array(z.uuid()).max(EMAIL_ATTACHMENTS_MAX, { error: 'maxFiles' }).default([]),
  })
  .superRefine((v, c) => {
    if (v.templateId) return;
    if (!v.subject?.trim()) c.addIssue({ code: 'custom', path: ['subject'], message: 'required' });
    if (!v.body?.trim()) c.addIssue({ code: 'custom', path: ['body'], message: 'required' });
  })
  .meta({ description: 'Rule `required`: without a template, a subject and a body that are not blank.' });
export type SendEmail = z.infer<typeof sendEmailSchema>;
export const sentEmailSchema = z.object({
  // the activity entry on the record's feed
  activityId: z.uuid(),
  messageId: z.string(),
  inReplyTo: z.string().nullable(),
  references: z.array(z.string()),
  subject: z.string(),
  to: z.array(z.string()),
  attachments: z.array(z.object({ id: z.uuid(), name: z.string(), size: z.number().int() })),
});
export type SentEmail = z.infer<typeof sentEmailSchema>;

// Notification rules (decision 076): an event on a record → in-app and/or e-mail to recipients.
export const RULE_EVENTS = ['recordAssigned', 'mentioned', 'stageChanged', 'collaboratorAdded'] as const;
export type RuleEvent = (typeof RULE_EVENTS)[number];
export const ruleEventSchema = z.enum(RULE_EVENTS, { error: 'invalidOption' });
// owner: the record's owner field; assignee: the member the event is about (assigned, mentioned,
// added); collaborators: the record's followers; team: the members of a team
export const RULE_RECIPIENT_TYPES = ['owner', 'assignee', 'collaborators', 'team'] as const;
export type RuleRecipientType = (typeof RULE_RECIPIENT_TYPES)[number];
export const ruleRecipientSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.enum(['owner', 'assignee', 'collaborators']) }),
  z.strictObject({ type: z.literal('team'), teamId: z.uuid() }),
]);
export type RuleRecipient = z.infer<typeof ruleRecipientSchema>;
export const notificationRuleWriteSchema = z.strictObject({
  // later modules declare events of their own on their kinds; the server checks the name
  event: z.string().regex(/^[a-z][A-Za-z]{1,49}$/, { error: 'validation' }),
  // null: records of every kind
  entityKind: entityKindSchema.nullable().default(null),
  inApp: z.boolean().default(true),
  email: z.boolean().default(false),
  recipients: z.array(ruleRecipientSchema).min(1, { error: 'required' }).max(20, { error: 'maxItems' }),
  active: z.boolean().default(true),
});
export type NotificationRuleWrite = z.infer<typeof notificationRuleWriteSchema>;
export const notificationRuleSchema = z.object({
  id: z.uuid(),
  event: z.string(),
  entityKind: entityKindSchema.nullable(),
  inApp: z.boolean(),
  email: z.boolean(),
  recipients: z.array(ruleRecipientSchema),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NotificationRule = z.infer<typeof notificationRuleSchema>;
export const notificationRuleListSchema = pagedRequestSchema.extend({ event: z.string().max(50).optional() });

// Each member can turn e-mail off per event (profile).
export const notificationPreferenceSchema = z.object({ event: ruleEventSchema, email: z.boolean() });
export const notificationPreferencesSchema = z.array(notificationPreferenceSchema);
export const notificationPreferencesWriteSchema = z
  .strictObject({
    preferences: z
      .array(z.strictObject({ event: ruleEventSchema, email: z.boolean() }))
      .max(RULE_EVENTS.length)
      // one choice per event: a second one would be a contradiction, not an update
      .superRefine((prefs, ctx) => {
        const seen = new Set<string>();
        for (const [i, p] of prefs.entries()) {
          if (seen.has(p.event)) ctx.addIssue({ code: 'custom', message: 'duplicate', path: [i, 'event'], input: p.event });
          seen.add(p.event);
        }
      }),
  })
  .meta({ description: 'Rule `duplicate`: each event at most once.' });
