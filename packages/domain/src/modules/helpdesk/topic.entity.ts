import { defineEntity } from '../../entity/define-entity';
import { fields } from '../../entity/fields';
import { helpdeskModulePermissions } from './helpdesk.permissions';

// A topic of a helpdesk (Billing, Access…), in the helpdesk's order: it groups articles and
// routes requests — a request of the topic without an assignee goes to the topic's default one.
export const topicEntity = defineEntity({
  kind: 'Topic',
  module: 'helpdesk',
  basePath: '/api/v1/topics',
  web: { path: '/topics', icon: 'TagsOutlined' },
  title: { fields: ['name'] },
  fields: {
    name: fields.text({ max: 200, required: true, quick: true, example: 'Billing' }),
    helpdeskId: fields.reference('Helpdesk', { onDelete: 'refuse', required: true, quick: true }),
    position: fields.integer({ min: 0, max: 100000, quick: true }),
    defaultAssigneeId: fields.user({ quick: true }),
    description: fields.longText({ max: 2000 }),
  },
  // a helpdesk's roles count for its topics (decision 094 round eight)
  roleScope: { field: 'helpdeskId' },
  searchFields: ['name'],
  defaultColumns: ['helpdeskId', 'position', 'defaultAssigneeId'],
  defaultSort: [{ field: 'position', order: 'asc' }],
  savedViewKey: 'topics',
  permissions: helpdeskModulePermissions({ view: 'Helpdesk.View', create: 'Helpdesk.Manage', manage: 'Helpdesk.Manage' }),
  capabilities: {},
});
