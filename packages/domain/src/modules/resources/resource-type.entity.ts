import { defineEntity } from '../../entity/define-entity';
import { fields } from '../../entity/fields';
import { BOOKABLE_MODES } from '../../enums';
import { ICON_NAME_PATTERN } from './resources.enumerations';
import { resourceModulePermissions } from './resources.permissions';
import { attributeNamesSchema } from './resources.schema';

// A kind of resource (desk, meeting room, laptop, locker): whether its items are booked,
// checked out (assignable), both or neither; the capacity a new item starts with; its icon;
// the attributes its items may have.
export const resourceTypeEntity = defineEntity({
  kind: 'ResourceType',
  module: 'resources',
  basePath: '/api/v1/resource-types',
  web: { path: '/resource-types', icon: 'AppstoreOutlined' },
  title: { fields: ['name'] },
  fields: {
    name: fields.text({ max: 120, required: true, quick: true, example: 'Desk' }),
    bookableMode: fields.enumeration(BOOKABLE_MODES, { required: true, quick: true, defaultValue: 'None', example: 'Bookable' }),
    capacityDefault: fields.integer({ min: 0, max: 10000, quick: true, example: '1' }),
    icon: fields.text({ max: 60, pattern: { regex: ICON_NAME_PATTERN, code: 'invalidOption' }, example: 'DesktopOutlined' }),
    attributes: fields.json(attributeNamesSchema, { form: true }),
  },
  searchFields: ['name'],
  defaultColumns: ['bookableMode', 'capacityDefault'],
  defaultSort: [{ field: 'name', order: 'asc' }],
  savedViewKey: 'resource-types',
  permissions: resourceModulePermissions({
    view: 'Resource.ViewResources',
    create: 'Resource.ManageResourceTypes',
    manage: 'Resource.ManageResourceTypes',
  }),
  capabilities: { archive: true },
});
