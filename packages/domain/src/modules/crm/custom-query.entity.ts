import { z } from 'zod';
import { defineEntity } from '../../entity/define-entity';
import { fields } from '../../entity/fields';
import { entityListFilterSchema } from '../../entity/list-query.schema';

// What a custom query selects: the contacts list's own filter language (filters, search, tags),
// so a list the user filtered can be saved as it is and a query opens as a filtered list.
export const customQueryFilterSchema = z.strictObject({
  search: z.string().trim().max(200).optional(),
  filters: z.array(entityListFilterSchema).max(20).default([]),
  tags: z.array(z.uuid()).max(20).optional(),
});
export type CustomQueryFilter = z.infer<typeof customQueryFilterSchema>;

// A custom query: a named, shared filter over contacts (spec §3). Teams use them as
// query-defined membership (the contacts that match now); segments will too. Managed with
// the contacts (ViewContacts / ManageContacts).
export const customQueryEntity = defineEntity({
  kind: 'CustomQuery',
  module: 'crm',
  basePath: '/api/v1/custom-queries',
  web: { path: '/custom-queries', icon: 'AppstoreOutlined' },
  title: { fields: ['name'] },
  fields: {
    name: fields.text({ max: 100, required: true, quick: true }),
    description: fields.longText({ max: 2000 }),
    query: fields.json(customQueryFilterSchema, { required: true }),
  },
  searchFields: ['name', 'description'],
  defaultColumns: ['description'],
  defaultSort: [{ field: 'name', order: 'asc' }],
  permissions: {
    view: 'Contact.ViewContacts',
    create: 'Contact.ManageContacts',
    manage: 'Contact.ManageContacts',
    timeline: 'Contact.ViewTimeline',
    settings: 'Contact.ManageSettings',
    viewRestricted: 'Contact.ViewRestrictedFields',
    manageRestricted: 'Contact.ManageRestrictedFields',
  },
  capabilities: {},
});

// POST /api/v1/custom-queries/suggestions: values of one contact field that start with what
// the user typed, for the query editor's value box.
export const customQuerySuggestionsRequestSchema = z.strictObject({
  field: z.string().min(1).max(100),
  search: z.string().trim().max(100).default(''),
  limit: z.number().int().min(1).max(50).default(10),
});
export const customQuerySuggestionsSchema = z.object({ values: z.array(z.string()) });
