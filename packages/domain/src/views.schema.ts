import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, LIMITS } from './constants';
import { SAVED_VIEW_KEYS } from './enums';
import { pageSizeSchema } from './schemas';
import { entityListFilterSchema, entityListSortSchema, FILTER_OPERATORS } from './entity/list-query.schema';

// Captions: GET /api/v1/admin/captions?culture= returns every caption of one language.
export const CAPTION_CULTURES = ['en-US', 'de-DE'] as const;
export const captionsQuerySchema = z.object({ culture: z.string().min(2).max(20).optional() });
export const captionsSchema = z.record(z.string(), z.string());
export type Captions = z.infer<typeof captionsSchema>;

// Saved list views: one user's named filter/sort/column choices for one list (spec §2).
export const savedViewKeySchema = z.enum(SAVED_VIEW_KEYS);

// A view's filters and sort are the list query's own (entity/list-query.schema.ts), so a saved
// view feeds POST /list as it is; the operator is checked here too so a stored view never holds
// one the list would refuse, and the counts stay within the list query's bounds.
export const listFilterSchema = entityListFilterSchema.extend({ op: z.enum(FILTER_OPERATORS) });
export type ListFilter = z.infer<typeof listFilterSchema>;

export const listSortSchema = entityListSortSchema;
export type ListSort = z.infer<typeof listSortSchema>;
const MAX_FILTERS = 20;
const MAX_SORTS = 3;

// What a view restores: everything about a list except the page the user was on.
export const listViewStateSchema = z.strictObject({
  search: z.string().max(200).default(''),
  filters: z.array(listFilterSchema).max(MAX_FILTERS).default([]),
  sort: z.array(listSortSchema).max(MAX_SORTS).default([]),
  columns: z.array(z.string().min(1).max(100)).max(100).default([]),
  pageSize: pageSizeSchema.default(DEFAULT_PAGE_SIZE),
});
export type ListViewState = z.infer<typeof listViewStateSchema>;

// Widths of resized columns in pixels, by column key.
export const columnWidthsSchema = z.record(z.string().max(100), z.number().int().min(40).max(2000)).default({});

export const savedViewWriteSchema = listViewStateSchema.extend({
  name: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(LIMITS.nameMax, { error: 'maxLength' }),
  isDefault: z.boolean().default(false),
  // shared with everyone in the workspace (read-only for them) or kept private
  shared: z.boolean().default(false),
  columnWidths: columnWidthsSchema,
});
export type SavedViewWrite = z.input<typeof savedViewWriteSchema>;

export const savedViewCreateSchema = savedViewWriteSchema.extend({ listKey: savedViewKeySchema });
export type SavedViewCreate = z.input<typeof savedViewCreateSchema>;

export const savedViewSchema = z.object({
  id: z.uuid(),
  listKey: savedViewKeySchema,
  name: z.string(),
  isDefault: z.boolean(),
  search: z.string(),
  filters: z.array(listFilterSchema),
  sort: z.array(listSortSchema),
  columns: z.array(z.string()),
  pageSize: pageSizeSchema,
  columnWidths: z.record(z.string(), z.number()),
  shared: z.boolean(),
  // the caller's own view (others' shared views can be opened, not changed)
  mine: z.boolean(),
  ownerName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewListQuerySchema = z.object({ listKey: savedViewKeySchema });
