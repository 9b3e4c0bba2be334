import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, LIMITS } from './constants';
import { SAVED_VIEW_KEYS } from './enums';
import { pageSizeSchema } from './schemas';

// Captions: GET /api/v1/admin/captions?culture= returns every caption of one language.
export const CAPTION_CULTURES = ['en-US', 'de-DE'] as const;
export const captionsQuerySchema = z.object({ culture: z.string().min(2).max(20).optional() });
export const captionsSchema = z.record(z.string(), z.string());
export type Captions = z.infer<typeof captionsSchema>;

// Saved list views: one user's named filter/sort/column choices for one list (spec §2).
export const savedViewKeySchema = z.enum(SAVED_VIEW_KEYS);

export const FILTER_OPS = ['eq', 'neq', 'contains', 'in', 'gt', 'gte', 'lt', 'lte', 'empty', 'notEmpty'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];
const filterValueSchema = z.union([z.string().max(500), z.number(), z.boolean(), z.null(), z.array(z.union([z.string().max(500), z.number()])).max(200)]);
export const listFilterSchema = z.strictObject({
  field: z.string().min(1).max(100),
  op: z.enum(FILTER_OPS),
  value: filterValueSchema.optional(),
});
export type ListFilter = z.infer<typeof listFilterSchema>;

export const listSortSchema = z.strictObject({
  field: z.string().min(1).max(100),
  order: z.enum(['asc', 'desc']),
});
export type ListSort = z.infer<typeof listSortSchema>;

// What a view restores: everything about a list except the page the user was on.
export const listViewStateSchema = z.strictObject({
  search: z.string().max(200).default(''),
  filters: z.array(listFilterSchema).max(50).default([]),
  sort: z.array(listSortSchema).max(5).default([]),
  columns: z.array(z.string().min(1).max(100)).max(100).default([]),
  pageSize: pageSizeSchema.default(DEFAULT_PAGE_SIZE),
});
export type ListViewState = z.infer<typeof listViewStateSchema>;

export const savedViewWriteSchema = listViewStateSchema.extend({
  name: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(LIMITS.nameMax, { error: 'maxLength' }),
  isDefault: z.boolean().default(false),
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
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewListQuerySchema = z.object({ listKey: savedViewKeySchema });
