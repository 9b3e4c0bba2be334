import { z } from 'zod';

// Likely duplicates of a record being written (decision 026): the values of the kind's
// duplicate keys as typed so far; the record itself is left out when editing.
export const duplicateCheckSchema = z.strictObject({
  values: z.record(z.string().max(100), z.string().max(500).nullable()),
  // the record's title as typed (e.g. "Ada Lovelace"): records with a similar one match as 'title'
  title: z.string().max(300).optional(),
  excludeId: z.uuid().optional(),
});
export type DuplicateCheck = z.infer<typeof duplicateCheckSchema>;

export const duplicateMatchSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  archived: z.boolean(),
  // the duplicate keys whose values are equal; 'title' for a similar title
  matches: z.array(z.string()),
});
export type DuplicateMatch = z.infer<typeof duplicateMatchSchema>;
export const duplicateListSchema = z.object({ data: z.array(duplicateMatchSchema) });
export type DuplicateList = z.infer<typeof duplicateListSchema>;

// The whole list's likely duplicates: records sharing a duplicate key's value, or the same title
// (key 'title'), a group per shared value, largest first.
export const DUPLICATE_GROUPS_MAX = 100;
export const duplicateGroupSchema = z.object({
  key: z.string(),
  value: z.string(),
  count: z.number().int(),
  // the group's records, most recently changed first (at most 10)
  records: z.array(z.object({ id: z.uuid(), title: z.string() })),
});
export type DuplicateGroup = z.infer<typeof duplicateGroupSchema>;
export const duplicateGroupListSchema = z.object({ data: z.array(duplicateGroupSchema) });
export type DuplicateGroupList = z.infer<typeof duplicateGroupListSchema>;

// Merge another record into this one: per field, whose value stays ('this' or 'other'); a field
// not named keeps this record's value, or takes the other's when this one is empty. Custom
// fields are named customFields.<key>. Everything that hangs off the other record moves here
// and the other record is archived.
export const MERGE_SIDES = ['this', 'other'] as const;
export const mergeRequestSchema = z.strictObject({
  otherId: z.uuid(),
  // the version of the other record the user compared (its ETag's number)
  otherVersion: z.number().int().min(1),
  take: z.record(z.string().max(150), z.enum(MERGE_SIDES)).default({}),
});
export type MergeRequest = z.infer<typeof mergeRequestSchema>;
