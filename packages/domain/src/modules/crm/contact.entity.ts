import { z } from 'zod';
import { EMAIL_PATTERN, URL_PATTERN } from '../../entity/entity-field.schema';
import { defineEntity, RECORD_CAPABILITIES } from '../../entity/define-entity';
import { fields } from '../../entity/fields';
import { contactModulePermissions } from './crm.permissions';
import { CRM_IMPORT_FIELDS } from './crm.import';

const text = (max: number) => z.string({ error: 'validation' }).trim().max(max, { error: 'maxLength' });
const email = () =>
  z.string({ error: 'validation' }).trim().toLowerCase().max(254, { error: 'maxLength' }).regex(EMAIL_PATTERN, { error: 'invalidEmail' });
const url = () => z.string({ error: 'validation' }).trim().max(2000, { error: 'maxLength' }).regex(URL_PATTERN, { error: 'invalidUrl' });

const labelled = <T extends z.ZodType>(value: T) => z.strictObject({ label: text(100).min(1, { error: 'required' }), value });

// Extra addresses, e-mails, phones, social profiles and websites; labels come from the
// global lookups of the same name (Address, Email, Phone, Social, Website).
export const contactDetailsSchema = z.strictObject({
  emails: z.array(labelled(email())).max(20).default([]),
  phones: z
    .array(labelled(text(40).min(1, { error: 'required' })))
    .max(20)
    .default([]),
  addresses: z
    .array(labelled(text(500).min(1, { error: 'required' })))
    .max(20)
    .default([]),
  socials: z.array(labelled(url())).max(20).default([]),
  websites: z.array(labelled(url())).max(20).default([]),
});
export type ContactDetails = z.infer<typeof contactDetailsSchema>;

// The e-mail states of a contact and the column each is kept in.
export const CONTACT_STATES = { blocked: 'blockedAt', spam: 'spamAt', unsubscribed: 'unsubscribedAt' } as const;
export type ContactState = keyof typeof CONTACT_STATES;

export const contactEntity = defineEntity({
  kind: 'Contact',
  module: 'crm',
  basePath: '/api/v1/contacts',
  web: { path: '/contacts', icon: 'ContactsOutlined' },
  title: { fields: ['firstName', 'lastName'] },
  fields: {
    firstName: fields.text({ max: 100, required: true, quick: true, ...CRM_IMPORT_FIELDS.firstName }),
    lastName: fields.text({ max: 100, quick: true, ...CRM_IMPORT_FIELDS.lastName }),
    email: fields.email({ quick: true, ...CRM_IMPORT_FIELDS.email }),
    phone: fields.phone({ quick: true, ...CRM_IMPORT_FIELDS.phone }),
    organizationId: fields.reference('Organization', { onDelete: 'clear', quick: true, ...CRM_IMPORT_FIELDS.organizationId }),
    jobTitle: fields.text({ max: 100, ...CRM_IMPORT_FIELDS.jobTitle }),
    department: fields.text({ max: 100, ...CRM_IMPORT_FIELDS.department }),
    website: fields.url(CRM_IMPORT_FIELDS.website),
    address: fields.longText({ max: 500, ...CRM_IMPORT_FIELDS.address }),
    details: fields.json(contactDetailsSchema),
    // e-mail states (spec §7), set by their own calls; campaigns honour them
    blockedAt: fields.dateTime({ readOnly: true }),
    spamAt: fields.dateTime({ readOnly: true }),
    unsubscribedAt: fields.dateTime({ readOnly: true }),
  },
  searchFields: ['firstName', 'lastName', 'email', 'phone', 'organizationId'],
  defaultColumns: ['email', 'phone', 'organizationId'],
  defaultSort: [
    { field: 'lastName', order: 'asc' },
    { field: 'firstName', order: 'asc' },
  ],
  savedViewKey: 'contacts',
  permissions: contactModulePermissions({
    view: 'Contact.ViewContacts',
    create: 'Contact.CreateContacts',
    manage: 'Contact.ManageContacts',
  }),

  capabilities: {
    ...RECORD_CAPABILITIES,
    ai: true,
    workflowStage: true,
    importExport: true,
  },
  defaultStages: [
    { name: 'Subscriber', stageType: 'Open', color: '#8c8c8c' },
    { name: 'Lead', stageType: 'InProgress', color: '#1677ff' },
    { name: 'Customer', stageType: 'Won', color: '#52c41a' },
    { name: 'Inactive', stageType: 'Closed', color: '#bfbfbf' },
  ],
  feedTypes: ['All Activity', 'Note', 'Attachment', 'Email', 'Campaign'],
  types: { basePath: '/api/v1/contact-types' },
  duplicates: ['email', 'phone'],
});
