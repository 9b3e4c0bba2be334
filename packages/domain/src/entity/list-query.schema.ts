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
  // relative dates: within the last or the next N days (N = value), today in the caller's time zone
  'inLast',
  'inNext',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

// The value types a list filter understands; custom fields map onto them by data type.
// `reference` compares a linked record by id (eq, in…) or by its title (contains, startsWith).
export const FILTER_VALUE_TYPES = ['text', 'number', 'boolean', 'date', 'dateTime', 'uuid', 'reference', 'array'] as const;
export type FilterValueType = (typeof FILTER_VALUE_TYPES)[number];

// Operators each value type accepts; anything else is a 400 naming the operator.
// The API also compares text alphabetically (a range "A" to "M"); the filter builder offers
// text only the operators of words (TEXT_OPERATORS).
export const OPERATORS_BY_TYPE: Record<FilterValueType, readonly FilterOperator[]> = {
  text: ['eq', 'neq', 'contains', 'notContains', 'startsWith', 'in', 'notIn', 'gt', 'gte', 'lt', 'lte', 'between', 'isEmpty', 'isNotEmpty'],
  number: ['eq', 'neq', 'in', 'notIn', 'gt', 'gte', 'lt', 'lte', 'between', 'isEmpty', 'isNotEmpty'],
  date: ['eq', 'neq', 'lt', 'gt', 'between', 'inLast', 'inNext', 'in', 'notIn', 'gte', 'lte', 'isEmpty', 'isNotEmpty'],
  dateTime: ['gt', 'lt', 'between', 'inLast', 'inNext', 'eq', 'neq', 'gte', 'lte', 'isEmpty', 'isNotEmpty'],
  boolean: ['eq', 'neq', 'isEmpty', 'isNotEmpty'],
  uuid: ['eq', 'neq', 'in', 'notIn', 'isEmpty', 'isNotEmpty'],
  reference: ['eq', 'neq', 'in', 'notIn', 'isEmpty', 'isNotEmpty', 'contains', 'notContains', 'startsWith'],
  array: ['eq', 'neq', 'contains', 'notContains', 'in', 'notIn', 'isEmpty', 'isNotEmpty'],
};

// The most days a relative date filter (inLast, inNext) reaches.
export const RELATIVE_DAYS_MAX = 3660;

// What a person filters text by: contains, starts with, is, is any of, empty — an e-mail or a
// name is never "greater than".
const TEXT_OPERATORS: readonly FilterOperator[] = [
  'contains',
  'notContains',
  'startsWith',
  'eq',
  'neq',
  'in',
  'notIn',
  'isEmpty',
  'isNotEmpty',
];

// The operators the filter builder offers for one field, in the order it offers them: a field
// with options or a link to records is matched against chosen values ("is any of"), the rest by
// the operators of its value type.
export function filterOperatorsFor(field: {
  type: FilterValueType;
  options?: readonly unknown[];
  lookup?: string;
}): readonly FilterOperator[] {
  if (field.lookup)
    return field.lookup === 'User'
      ? ['in', 'notIn', 'eq', 'neq', 'isEmpty', 'isNotEmpty']
      : ['in', 'notIn', 'eq', 'neq', 'contains', 'isEmpty', 'isNotEmpty'];
  if (field.options && field.options.length > 0) return ['in', 'notIn', 'eq', 'neq', 'isEmpty', 'isNotEmpty'];
  return field.type === 'text' ? TEXT_OPERATORS : OPERATORS_BY_TYPE[field.type];
}

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

// Whether a list narrowed by tags shows records carrying any of them or all of them.
// Absent: any.
export const tagsMatchSchema = z.enum(['any', 'all']).optional();

export const entityListQuerySchema = z.strictObject({
  page: z.number().int().min(1).default(1),
  pageSize: pageSizeSchema.default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
  filters: z.array(entityListFilterSchema).max(20).default([]),
  sort: z.array(entityListSortSchema).max(3).default([]),
  archived: z.boolean().default(false),
  // records carrying any (or, with tagsMatch 'all', every one) of these tags (entities with the
  // tags capability)
  tags: z.array(z.uuid()).max(20).optional(),
  tagsMatch: tagsMatchSchema,
});
export type EntityListQuery = z.infer<typeof entityListQuerySchema>;
export type EntityListQueryInput = z.input<typeof entityListQuerySchema>;

// The value of a filter on a user field (an assignee, an owner) that means the caller.
export const CURRENT_USER = '@me';
