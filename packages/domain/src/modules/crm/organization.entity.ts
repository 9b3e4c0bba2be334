import { defineEntity, RECORD_CAPABILITIES } from '../../entity/define-entity';
import { fields } from '../../entity/fields';
import { contactModulePermissions } from './crm.permissions';
import { CRM_IMPORT_FIELDS } from './crm.import';

// Company sizes by head count, as sales teams segment them.
export const ORGANIZATION_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1001+'] as const;

export const organizationEntity = defineEntity({
  kind: 'Organization',
  module: 'crm',
  basePath: '/api/v1/organizations',
  web: { path: '/organizations', icon: 'ApartmentOutlined' },
  title: { fields: ['name'] },
  fields: {
    name: fields.text({ max: 200, required: true, quick: true, ...CRM_IMPORT_FIELDS.organizationName }),
    parentId: fields.reference('Organization', { onDelete: 'refuse', quick: true }),
    website: fields.url({ quick: true, ...CRM_IMPORT_FIELDS.website }),
    email: fields.email(CRM_IMPORT_FIELDS.email),
    phone: fields.phone(CRM_IMPORT_FIELDS.phone),
    industry: fields.text({ max: 100 }),
    size: fields.enumeration(ORGANIZATION_SIZES),
    annualRevenue: fields.money(),
    address: fields.longText({ max: 500, ...CRM_IMPORT_FIELDS.address }),
    description: fields.longText({ max: 5000 }),
  },
  searchFields: ['name', 'number', 'website', 'email', 'industry'],
  defaultColumns: ['number', 'parentId', 'website', 'phone'],
  defaultSort: [{ field: 'name', order: 'asc' }],
  savedViewKey: 'organizations',
  permissions: contactModulePermissions({
    view: 'Contact.ViewOrganizations',
    create: 'Contact.CreateOrganizations',
    manage: 'Contact.ManageOrganizations',
  }),

  capabilities: {
    ...RECORD_CAPABILITIES,
    ai: true,
    importExport: true,
  },
  numbering: { prefix: 'ORG' },
  hierarchy: { field: 'parentId' },
  relations: { contacts: { target: 'Contact', alsoVia: 'organizationId' } },
  duplicates: ['name', 'email', 'phone'],
});
