import { z } from 'zod';
import { defineEntity } from '../../entity/define-entity';
import { fields } from '../../entity/fields';
import { customQueryFilterSchema } from '../crm/custom-query.entity';

// How many contacts a segment may pick or leave out by hand (a list beyond that is a query).
export const SEGMENT_PICKED_MAX = 5000;
const pickedContacts = z
  .array(z.uuid({ error: 'validation' }))
  .max(SEGMENT_PICKED_MAX, { error: 'tooBig' })
  .meta({ description: 'Contact ids. Rule `tooBig`: at most 5000 contacts.' });

// A segment (spec §3, issue 24): the contacts a campaign goes to. Static (contacts picked by
// hand: includedIds), dynamic (a query in the contacts list's own filter language, the custom
// query's shape), or both: the query's matches plus the included contacts, less the excluded
// ones. Membership is kept in a table, updated with each contact write and rebuilt when the
// segment is saved or by the repair job (decision 095); membersRebuiltAt says when it last was.
export const segmentEntity = defineEntity({
  kind: 'Segment',
  module: 'campaigns',
  basePath: '/api/v1/segments',
  web: { path: '/segments', icon: 'FilterOutlined' },
  title: { fields: ['name'] },
  fields: {
    name: fields.text({ max: 100, required: true, quick: true }),
    description: fields.longText({ max: 2000, quick: true }),
    query: fields.json(customQueryFilterSchema, { form: true }),
    includedIds: fields.json(pickedContacts),
    excludedIds: fields.json(pickedContacts),
    membersRebuiltAt: fields.dateTime({ readOnly: true }),
  },
  searchFields: ['name', 'description'],
  defaultColumns: ['description', 'updatedAt'],
  defaultSort: [{ field: 'name', order: 'asc' }],
  savedViewKey: 'segments',
  permissions: {
    view: 'Contact.ViewContacts',
    create: 'Contact.ManageContacts',
    manage: 'Contact.ManageContacts',
    timeline: 'Contact.ViewTimeline',
    settings: 'Contact.ManageSettings',
    viewRestricted: 'Contact.ViewRestrictedFields',
    manageRestricted: 'Contact.ManageRestrictedFields',
  },
  capabilities: { archive: true },
});
