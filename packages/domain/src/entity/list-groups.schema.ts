import { z } from 'zod';
import { isDateInRange } from '../date-range';
import { fieldNameSchema } from '../field-name';
import type { EntityDefinition } from './define-entity';
import { listFilterSchema } from '../views.schema';
import { entityListQuerySchema } from './list-query.schema';

// A list grouped by one field (POST {base}/groups): how many records of the list, under its own
// search and filters, fall into each value of the field. Enumerations group by value, links to
// records and users by the record or user, the stage by stage, dates by how near they are.
export const DATE_GROUPS = ['overdue', 'today', 'next7Days', 'later'] as const;
export type DateGroup = (typeof DATE_GROUPS)[number];

// The fields a kind's list can be grouped by: its enumerations, links (records, users, the
// stage) and dates that lists may filter by.
export function groupableFields(definition: Pick<EntityDefinition, 'fields'>): string[] {
  return Object.entries(definition.fields)
    .filter(
      ([key, f]) =>
        f.filterable &&
        (f.kind === 'enum' || f.kind === 'date' || (f.kind === 'reference' && (f.target !== undefined || key === 'workflowStage'))),
    )
    .map(([key]) => key);
}

export const listGroupsQuerySchema = entityListQuerySchema.extend({
  by: fieldNameSchema,
  // the caller's today, for date groups (default: today in UTC)
  today: z.iso.date({ error: 'validation' }).refine(isDateInRange, { error: 'dateOutOfRange' }).optional(),
});
export type ListGroupsQuery = z.infer<typeof listGroupsQuerySchema>;

export const listGroupSchema = z.object({
  // the value (an id, an option, a date group); null: records without one
  value: z.string().nullable(),
  // the linked record's, user's or stage's name; null for options and date groups (captions)
  title: z.string().nullable(),
  count: z.number().int(),
  // the filter that adds this group to the list's filters (its records, paged as usual)
  filter: listFilterSchema,
});
export type ListGroup = z.infer<typeof listGroupSchema>;
export const listGroupsSchema = z.object({ by: z.string(), total: z.number().int(), groups: z.array(listGroupSchema) });
export type ListGroups = z.infer<typeof listGroupsSchema>;
