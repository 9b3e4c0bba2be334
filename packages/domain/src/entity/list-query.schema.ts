import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../constants';
import { fieldNameSchema } from '../field-name';
import { pageSizeSchema } from '../schemas';

export const FILTER_OPERATORS = [
  'eq',
  'neq',
  'contains',
  'notContains',
  'startsWith',
  'in',
  'notIn',
  'gt',
  'gte',
  'lt',
  'lte',
  'between',
  'isEmpty',
  'isNotEmpty',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

// The value types a list filter understands; custom fields map onto them by data type.
// `reference` compares a linked record by id (eq, in…) or by its title (contains, startsWith).
export const FILTER_VALUE_TYPES = ['text', 'number', 'boolean', 'date', 'dateTime', 'uuid', 'reference', 'array'] as const;
export type FilterValueType = (typeof FILTER_VALUE_TYPES)[number];

// Operators each value type accepts; anything else is a 400 naming the operator.
export const OPERATORS_BY_TYPE: Record<FilterValueType, readonly FilterOperator[]> = {
  text: FILTER_OPERATORS,
  number: ['eq', 'neq', 'in', 'notIn', 'gt', 'gte', 'lt', 'lte', 'between', 'isEmpty', 'isNotEmpty'],
  date: ['eq', 'neq', 'in', 'notIn', 'gt', 'gte', 'lt', 'lte', 'between', 'isEmpty', 'isNotEmpty'],
  dateTime: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'between', 'isEmpty', 'isNotEmpty'],
  boolean: ['eq', 'neq', 'isEmpty', 'isNotEmpty'],
  uuid: ['eq', 'neq', 'in', 'notIn', 'isEmpty', 'isNotEmpty'],
  reference: ['eq', 'neq', 'in', 'notIn', 'isEmpty', 'isNotEmpty', 'contains', 'notContains', 'startsWith'],
  array: ['eq', 'neq', 'contains', 'notContains', 'in', 'notIn', 'isEmpty', 'isNotEmpty'],
};

const scalar = z.union([z.string().max(500), z.number(), z.boolean()]);

// Field names are free strings here: the server knows the entity's fields and answers an
// unknown one with a 400 naming it. Custom fields are addressed as `customFields.<key>`.
export const entityListFilterSchema = z.strictObject({
  field: fieldNameSchema,
  // validated by the server so that the error names the operator
  op: z.string().min(1).max(20),
  value: z.union([scalar, z.null(), z.array(scalar).max(500)]).optional(),
});
export type EntityListFilter = z.infer<typeof entityListFilterSchema>;

export const entityListSortSchema = z.strictObject({
  field: fieldNameSchema,
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type EntityListSort = z.infer<typeof entityListSortSchema>;

export const entityListQuerySchema = z.strictObject({
  page: z.number().int().min(1).default(1),
  pageSize: pageSizeSchema.default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
  filters: z.array(entityListFilterSchema).max(20).default([]),
  sort: z.array(entityListSortSchema).max(3).default([]),
  archived: z.boolean().default(false),
  // records carrying any of these tags (entities with the tags capability)
  tags: z.array(z.uuid()).max(20).optional(),
});
export type EntityListQuery = z.infer<typeof entityListQuerySchema>;
export type EntityListQueryInput = z.input<typeof entityListQuerySchema>;

// The value of a filter on a user field (an assignee, an owner) that means the caller.
export const CURRENT_USER = '@me';
