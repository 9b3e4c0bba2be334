import { z } from 'zod';
import { defineEntity, RECORD_CAPABILITIES } from '../../entity/define-entity';
import { fields, isoDateSchema, moneySchema } from '../../entity/fields';
import { LEAD_TRANSFERS, contactModulePermissions } from './crm.permissions';
import { CRM_IMPORT_FIELDS } from './crm.import';

// Where a lead came from, as sales teams report it.
export const LEAD_SOURCES = ['Website', 'Referral', 'Event', 'Campaign', 'ColdCall', 'Partner', 'Other'] as const;
// What a lead becomes (spec §7: a lead converts to a contact or to an organization).
export const LEAD_CONVERSION_TARGETS = ['Contact', 'Organization'] as const;
// Where a lead is in its life (issue 26, decision 028): New until someone works it, Working,
// Disqualified when it will not buy; Converted only by the conversion, which ends its life.
// Independent of the workflow stages, which are the team's own steps.
export const LEAD_STATUSES = ['New', 'Working', 'Converted', 'Disqualified'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

// A lead: someone who may become a customer, before anyone has qualified them. The company is
// typed as text — it may not exist as an organization yet; conversion links or creates one.
// Leads use the Contact module's permissions (spec §6 names no lead permissions; decision 028).
export const leadEntity = defineEntity({
  kind: 'Lead',
  module: 'crm',
  basePath: '/api/v1/leads',
  web: { path: '/leads', icon: 'RiseOutlined' },
  title: { fields: ['firstName', 'lastName'] },
  fields: {
    firstName: fields.text({ max: 100, required: true, quick: true, ...CRM_IMPORT_FIELDS.firstName }),
    lastName: fields.text({ max: 100, quick: true, ...CRM_IMPORT_FIELDS.lastName }),
    email: fields.email({ quick: true, ...CRM_IMPORT_FIELDS.email }),
    phone: fields.phone({ quick: true, ...CRM_IMPORT_FIELDS.phone }),
    organization: fields.text({ max: 200, quick: true }),
    jobTitle: fields.text({ max: 100, ...CRM_IMPORT_FIELDS.jobTitle }),
    website: fields.url(CRM_IMPORT_FIELDS.website),
    source: fields.enumeration(LEAD_SOURCES),
    address: fields.longText({ max: 500, ...CRM_IMPORT_FIELDS.address }),
    description: fields.longText({ max: 5000 }),
    status: fields.enumeration(LEAD_STATUSES, { defaultValue: 'New', serverValues: { values: ['Converted'], code: 'setByConversion' } }),
    // set by the conversion, never by a client
    convertedAt: fields.dateTime({ readOnly: true }),
    convertedToKind: fields.enumeration(LEAD_CONVERSION_TARGETS, { readOnly: true }),
    convertedToId: fields.text({ max: 36, readOnly: true, sortable: false }),
  },
  searchFields: ['firstName', 'lastName', 'email', 'phone', 'organization', 'number'],
  defaultColumns: ['status', 'email', 'phone', 'organization', 'workflowStage'],
  defaultSort: [{ field: 'createdAt', order: 'desc' }],
  savedViewKey: 'leads',
  permissions: contactModulePermissions(
    {
      view: 'Contact.ViewContacts',
      create: 'Contact.CreateContacts',
      manage: 'Contact.ManageContacts',
    },
    LEAD_TRANSFERS,
  ),
  capabilities: {
    ...RECORD_CAPABILITIES,
    ai: true,
    workflowStage: true,
    importExport: true,
  },
  defaultStages: [
    { name: 'New', stageType: 'Open', color: '#8c8c8c' },
    { name: 'Contacted', stageType: 'InProgress', color: '#1677ff' },
    { name: 'Qualified', stageType: 'Won', color: '#52c41a' },
    { name: 'Unqualified', stageType: 'Lost', color: '#ff4d4f' },
  ],
  numbering: { prefix: 'LEAD' },
  duplicates: ['email', 'phone'],
  // a converted lead's life goes on in what it became (issue 26)
  lockedWhen: { field: 'convertedAt', code: 'alreadyConverted' },
});

// PUT /api/v1/leads/{id}/convert (If-Match on the lead): to a contact — linked to an existing
// organization, to a new one made from the lead's company, or to none — or to an organization.
export const leadConversionSchema = z
  .strictObject({
    to: z.enum(LEAD_CONVERSION_TARGETS, { error: 'invalidOption' }),
    organization: z
      .discriminatedUnion(
        'mode',
        [
          z.strictObject({ mode: z.literal('none') }),
          z.strictObject({ mode: z.literal('new') }),
          z.strictObject({ mode: z.literal('existing'), id: z.uuid({ error: 'validation' }) }),
        ],
        { error: 'invalidOption' },
      )
      .default({ mode: 'none' }),
    // also a deal for the new customer: linked to the new organization, or to the new contact
    // and its organization; the name defaults to "<company or lead> opportunity"
    opportunity: z
      .strictObject({
        name: z.string({ error: 'validation' }).trim().min(1, { error: 'required' }).max(200, { error: 'maxLength' }).optional(),
        expectedValue: moneySchema.nullable().optional(),
        estimatedCloseDate: isoDateSchema.nullable().optional(),
      })
      .optional(),
  })
  .refine((v) => v.to === 'Contact' || v.organization.mode === 'none', {
    path: ['organization'],
    error: 'notForOrganization',
  })
  .meta({ description: 'Rule `notForOrganization`: an organization (new or existing) goes with a conversion to a contact only.' });
export type LeadConversion = z.infer<typeof leadConversionSchema>;

export const leadConversionResultSchema = z.object({
  lead: z.record(z.string(), z.unknown()),
  created: z.object({ kind: z.enum(LEAD_CONVERSION_TARGETS), id: z.uuid(), title: z.string() }),
  organization: z.object({ id: z.uuid(), title: z.string(), created: z.boolean() }).nullable(),
  opportunity: z.object({ id: z.uuid(), title: z.string() }).nullable(),
});
export type LeadConversionResult = z.infer<typeof leadConversionResultSchema>;
