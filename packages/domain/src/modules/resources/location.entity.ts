import { defineEntity } from '../../entity/define-entity';
import { fields } from '../../entity/fields';
import { TIME_ZONES } from '../../schemas';
import { resourceModulePermissions } from './resources.permissions';
import { openingHoursSchema } from './resources.schema';

// A location (an office, a site): its address, its IANA time zone (bookings and opening hours
// are local to it) and its opening hours. Free Workplace allows one (plan limit `locations`).
export const locationEntity = defineEntity({
  kind: 'Location',
  module: 'resources',
  basePath: '/api/v1/locations',
  web: { path: '/locations', icon: 'EnvironmentOutlined' },
  title: { fields: ['name'] },
  fields: {
    name: fields.text({ max: 200, required: true, quick: true, example: 'Hamburg head office' }),
    address: fields.longText({ max: 500, quick: true }),
    timeZone: fields.enumeration(TIME_ZONES, { required: true, quick: true, optionLabels: 'values', example: 'Europe/Berlin' }),
    openingHours: fields.json(openingHoursSchema, { form: true }),
    description: fields.longText({ max: 5000 }),
  },
  searchFields: ['name', 'address'],
  defaultColumns: ['address', 'timeZone'],
  defaultSort: [{ field: 'name', order: 'asc' }],
  savedViewKey: 'locations',
  permissions: resourceModulePermissions({
    view: 'Resource.ViewResources',
    create: 'Resource.ManageResourceLocations',
    manage: 'Resource.ManageResourceLocations',
  }),
  capabilities: { archive: true, notes: true, documents: true },
});
