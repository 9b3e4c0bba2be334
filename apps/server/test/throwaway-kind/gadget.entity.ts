import { contactModulePermissions, defineEntity, fields, RECORD_CAPABILITIES } from '@atrium/domain';

// A kind that exists only for the throwaway-kind test (issue 27): its definition is all a module
// writes; the engine gives it its list, record, form, import/export, search and icon. Its kind
// name is the spare 'Sample' of the kinds enumeration; it borrows the contacts' permissions.
export const gadgetEntity = defineEntity({
  kind: 'Sample',
  module: 'gadgets',
  basePath: '/api/v1/gadgets',
  web: { path: '/gadgets', icon: 'ToolOutlined' },
  title: { fields: ['name'] },
  fields: {
    name: fields.text({ max: 120, required: true, quick: true }),
    serialNumber: fields.text({ max: 40, importAliases: ['serial', 'seriennummer'], example: 'SN-0001' }),
    price: fields.money(),
    purchasedOn: fields.date(),
    condition: fields.enumeration(['new', 'used', 'broken'] as const),
  },
  searchFields: ['name', 'serialNumber'],
  defaultColumns: ['name', 'serialNumber', 'condition'],
  defaultSort: [{ field: 'name', order: 'asc' }],
  savedViewKey: 'contacts',
  permissions: contactModulePermissions({
    view: 'Contact.ViewContacts',
    create: 'Contact.CreateContacts',
    manage: 'Contact.ManageContacts',
  }),
  capabilities: { ...RECORD_CAPABILITIES, importExport: true },
});
