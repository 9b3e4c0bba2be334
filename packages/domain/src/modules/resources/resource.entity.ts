import { defineEntity, RECORD_CAPABILITIES } from '../../entity/define-entity';
import { fields } from '../../entity/fields';
import { resourceModulePermissions } from './resources.permissions';
import { attributeNamesSchema } from './resources.schema';

// A resource: a desk, a room, a laptop, a locker — or a person, who can be booked too. Its type
// says how it is used (booked, checked out); its capacity starts from the type's; who holds an
// assignable item, and since when, is set by check-out and check-in only.
export const resourceEntity = defineEntity({
  kind: 'Resource',
  module: 'resources',
  basePath: '/api/v1/resources',
  web: { path: '/resources', icon: 'DesktopOutlined' },
  title: { fields: ['name'] },
  fields: {
    name: fields.text({ max: 200, required: true, quick: true, example: 'Desk 1.01' }),
    resourceTypeId: fields.reference('ResourceType', { onDelete: 'refuse', required: true, quick: true }),
    locationId: fields.reference('Location', { onDelete: 'refuse', quick: true }),
    capacity: fields.integer({ min: 0, max: 10000, quick: true }),
    attributes: fields.json(attributeNamesSchema, { form: true, importAliases: ['features', 'ausstattung'] }),
    // a person who can be booked (a consultant, a trainer)
    personId: fields.user(),
    holderId: fields.user({ readOnly: true }),
    checkedOutAt: fields.dateTime({ readOnly: true }),
    description: fields.longText({ max: 5000 }),
  },
  searchFields: ['name'],
  defaultColumns: ['workflowStage', 'resourceTypeId', 'locationId'],
  defaultSort: [{ field: 'name', order: 'asc' }],
  savedViewKey: 'resources',
  permissions: resourceModulePermissions({
    view: 'Resource.ViewResources',
    create: 'Resource.CreateResources',
    manage: 'Resource.ManageResources',
  }),
  capabilities: { ...RECORD_CAPABILITIES, email: false, workflowStage: true, importExport: true },
  defaultStages: [
    { name: 'Available', stageType: 'Open', color: '#52c41a' },
    { name: 'Out of service', stageType: 'Closed', color: '#8c8c8c' },
  ],
  feedTypes: ['All Activity', 'Note', 'Attachment', 'Check-In', 'Check-Out'],
});
