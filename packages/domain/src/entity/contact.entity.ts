import { z } from 'zod';
import { EMAIL_PATTERN, URL_PATTERN } from './entity-field.schema';
import { defineEntity } from './define-entity';

// '' from a form means "no value".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable().optional());

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

export const contactEntity = defineEntity({
  kind: 'Contact',
  basePath: '/api/v1/contacts',
  label: { singular: 'Contact', plural: 'Contacts' },
  write: {
    firstName: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100, { error: 'maxLength' }),
    lastName: optional(text(100)),
    email: optional(email()),
    phone: optional(text(40)),
    organization: optional(text(200)),
    jobTitle: optional(text(100)),
    department: optional(text(100)),
    website: optional(url()),
    address: optional(text(500)),
    details: contactDetailsSchema.optional(),
  },
  fields: {
    firstName: { label: 'First name', type: 'text' },
    lastName: { label: 'Last name', type: 'text' },
    email: { label: 'E-mail', type: 'text' },
    phone: { label: 'Phone', type: 'text' },
    organization: { label: 'Organization', type: 'text' },
    jobTitle: { label: 'Job title', type: 'text' },
    department: { label: 'Department', type: 'text' },
    website: { label: 'Website', type: 'text' },
    address: { label: 'Address', type: 'text' },
    details: { label: 'Details', type: 'text', sortable: false, filterable: false },
  },
  searchFields: ['firstName', 'lastName', 'email', 'phone', 'organization'],
  defaultColumns: ['email', 'phone', 'organization'],
  defaultSort: [
    { field: 'lastName', order: 'asc' },
    { field: 'firstName', order: 'asc' },
  ],
  savedViewKey: 'contacts',
  permissions: {
    view: 'Contact.ViewContacts',
    create: 'Contact.CreateContacts',
    manage: 'Contact.ManageContacts',
    timeline: 'Contact.ViewTimeline',
    settings: 'Contact.ManageSettings',
    viewRestricted: 'Contact.ViewRestrictedFields',
    manageRestricted: 'Contact.ManageRestrictedFields',
  },
  capabilities: {
    archive: true,
    customFields: true,
    notes: true,
    documents: true,
    tags: true,
    collaborators: true,
    linkedEntities: true,
    workflowStage: true,
    importExport: true,
  },
});

export type ContactCreate = z.input<typeof contactEntity.schemas.create>;
export type Contact = z.output<typeof contactEntity.schemas.row>;
