import {
  type ErrorCode,
  OPERATORS_BY_TYPE,
  FILTER_OPERATORS,
  isContentBlock,
  type EntityField,
  type EntityKind,
  type EntityListFilter,
  type EntityListQuery,
  type EntityListSort,
  type FieldDataType,
  type FilterOperator,
  type FilterValueType,
} from '@atrium/domain';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../errors';
import type { FieldAccess } from './custom-fields';
import type { RegisteredEntity } from './entity-registry';

// A field the list query can address: a SQL expression and the value type it compares as.
type Resolved = { expr: SQL; type: FilterValueType; custom?: { key: string } };

const CUSTOM_PREFIX = 'customFields.';

export function customFilterType(dataType: FieldDataType): FilterValueType {
  switch (dataType) {
    case 'number':
    case 'decimal':
      return 'number';
    case 'date':
      return 'date';
    case 'dateTime':
      return 'dateTime';
    case 'options':
    case 'file':
      return 'array';
    default:
      return 'text';
  }
}

const CAST: Record<FilterValueType, SQL> = {
  text: sql`text`,
  number: sql`numeric`,
  boolean: sql`boolean`,
  date: sql`date`,
  dateTime: sql`timestamptz`,
  uuid: sql`uuid`,
  array: sql`text`,
};

function fail(field: string, code: ErrorCode, message: string): never {
  throw new AppError(400, code, message, [{ field, code, message }]);
}

function resolveField(
  ent: RegisteredEntity,
  fields: readonly EntityField[],
  access: FieldAccess,
  name: string,
  at: string,
  purpose: 'filter' | 'sort',
): Resolved {
  if (name.startsWith(CUSTOM_PREFIX)) {
    const key = name.slice(CUSTOM_PREFIX.length);
    const f = fields.find((x) => x.key === key && !isContentBlock(x.kind));
    if (!f || (f.restricted && !access.viewRestricted)) fail(at, 'unknownField', `${name} is not a known field`);
    const type = customFilterType(f.dataType);
    if (purpose === 'sort' && type === 'array') fail(at, 'unknownField', `${name} cannot be sorted`);
    const text = sql`(custom_fields ->> ${key}::text)`;
    const expr =
      type === 'number'
        ? sql`(${text})::numeric`
        : type === 'date'
          ? sql`(${text})::date`
          : type === 'dateTime'
            ? sql`(${text})::timestamptz`
            : type === 'array' && purpose === 'filter'
              ? sql`(custom_fields -> ${key}::text)`
              : text;
    return { expr, type, custom: { key } };
  }
  const builtin = ent.definition.fields[name];
  const column = ent.columns[name];
  if (!builtin || !column) fail(at, 'unknownField', `${name} is not a known field`);
  if (purpose === 'sort' && builtin.sortable === false) fail(at, 'unknownField', `${name} cannot be sorted`);
  if (purpose === 'filter' && builtin.filterable === false) fail(at, 'unknownField', `${name} cannot be filtered`);
  return { expr: sql`${sql.identifier(column.name)}`, type: builtin.type };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const dateSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

// One filter value, checked against the field's type so that bad input is a 400, not a cast
// error from the database.
function coerce(type: FilterValueType, value: unknown, at: string): string | number | boolean {
  const bad = () => fail(at, 'validation', `${at} is not a valid ${type} value`);
  switch (type) {
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
      return Number.isFinite(n) ? n : bad();
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      return value === 'true' ? true : value === 'false' ? false : bad();
    case 'date':
    case 'dateTime':
      return typeof value === 'string' && dateSchema.safeParse(value).success ? value : bad();
    case 'uuid':
      return typeof value === 'string' && z.uuid().safeParse(value).success ? value : bad();
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : bad();
  }
}

function filterSql(r: Resolved, op: FilterOperator, value: unknown, at: string): SQL {
  const cast = CAST[r.type];
  const one = () => {
    if (value === undefined || value === null || Array.isArray(value)) fail(`${at}.value`, 'required', `${at}.value must be one value`);
    return coerce(r.type, value, `${at}.value`);
  };
  const many = (min: number, max = 500) => {
    if (!Array.isArray(value) || value.length < min || value.length > max)
      fail(`${at}.value`, 'validation', `${at}.value must be a list of ${min === max ? min : `at least ${min}`} values`);
    return value.map((v, i) => coerce(r.type, v, `${at}.value.${i}`));
  };
  const e = r.expr;
  const isText = r.type === 'text';
  if (r.type === 'array' && r.custom) {
    // option lists (checkbox, multi-select) and files: element membership
    const key = r.custom.key;
    const has = (v: string | number | boolean) => sql`custom_fields @> ${JSON.stringify({ [key]: [v] })}::jsonb`;
    switch (op) {
      case 'eq':
      case 'contains':
        return has(one());
      case 'neq':
      case 'notContains':
        return sql`not (${has(one())})`;
      case 'in':
        return sql`coalesce(${e} ?| ${sql.param(many(1).map(String))}::text[], false)`;
      case 'notIn':
        return sql`not coalesce(${e} ?| ${sql.param(many(1).map(String))}::text[], false)`;
      case 'isEmpty':
        return sql`coalesce(jsonb_array_length(case when jsonb_typeof(${e}) = 'array' then ${e} end), 0) = 0`;
      case 'isNotEmpty':
        return sql`coalesce(jsonb_array_length(case when jsonb_typeof(${e}) = 'array' then ${e} end), 0) > 0`;
      default:
        break;
    }
  }
  switch (op) {
    case 'eq':
      // equality on a custom text or number field goes through the GIN index (containment)
      if (r.custom && (r.type === 'text' || r.type === 'number'))
        return sql`custom_fields @> ${JSON.stringify({ [r.custom.key]: one() })}::jsonb`;
      return sql`${e} = ${one()}::${cast}`;
    case 'neq':
      return sql`${e} is distinct from ${one()}::${cast}`;
    case 'contains':
      return sql`${e} ilike ${`%${escapeLike(String(one()))}%`}`;
    case 'notContains':
      return sql`coalesce(${e}, '') not ilike ${`%${escapeLike(String(one()))}%`}`;
    case 'startsWith':
      return sql`${e} ilike ${`${escapeLike(String(one()))}%`}`;
    case 'in':
      return sql`${e} = any(${sql.param(many(1))}::${cast}[])`;
    case 'notIn':
      return sql`coalesce(${e} <> all(${sql.param(many(1))}::${cast}[]), true)`;
    case 'gt':
      return sql`${e} > ${one()}::${cast}`;
    case 'gte':
      return sql`${e} >= ${one()}::${cast}`;
    case 'lt':
      return sql`${e} < ${one()}::${cast}`;
    case 'lte':
      return sql`${e} <= ${one()}::${cast}`;
    case 'between': {
      const [a, b] = many(2, 2);
      return sql`${e} between ${a}::${cast} and ${b}::${cast}`;
    }
    case 'isEmpty':
      return isText ? sql`coalesce(${e}, '') = ''` : sql`${e} is null`;
    case 'isNotEmpty':
      return isText ? sql`coalesce(${e}, '') <> ''` : sql`${e} is not null`;
  }
}

// `selective`: a search or filter narrows the rows, so the page and its total come from one
// scan of the matches (count(*) over ()) instead of an ordered walk of the whole tenant.
// Tags live with the shared record features (modules/core); that module supplies the condition
// when it registers, so the engine filters by tag without importing a module.
type TagFilter = (tenantId: string, kind: EntityKind, idColumn: SQL, tagIds: readonly string[]) => SQL;
let tagFilter: TagFilter | undefined;
export function provideTagFilter(filter: TagFilter): void {
  tagFilter = filter;
}

export type CompiledListQuery = { where: SQL; orderBy: SQL; limit: number; offset: number; selective: boolean };

// Turns a list request into parameterised SQL. Every field and operator is checked against
// the entity and its custom fields; anything unknown is a 400 naming it.
export function compileListQuery(
  ent: RegisteredEntity,
  fields: readonly EntityField[],
  access: FieldAccess,
  tenantId: string,
  query: EntityListQuery,
): CompiledListQuery {
  const conds: SQL[] = [sql`tenant_id = ${tenantId}`];
  if (ent.definition.capabilities.archive) conds.push(query.archived ? sql`archived_at is not null` : sql`archived_at is null`);
  const term = query.search?.trim();
  if (term) {
    const pattern = `%${escapeLike(term.toLowerCase())}%`;
    const searchColumn = ent.columns.searchText;
    if (searchColumn) conds.push(sql`${sql.identifier(searchColumn.name)} like ${pattern}`);
    else {
      const ors = ent.definition.searchFields.flatMap((f) => {
        const c = ent.columns[f];
        return c ? [sql`${sql.identifier(c.name)} ilike ${pattern}`] : [];
      });
      if (ors.length > 0) conds.push(sql`(${sql.join(ors, sql` or `)})`);
    }
  }
  query.filters.forEach((f: EntityListFilter, i) => {
    const at = `filters.${i}`;
    const r = resolveField(ent, fields, access, f.field, `${at}.field`, 'filter');
    if (!(FILTER_OPERATORS as readonly string[]).includes(f.op)) fail(`${at}.op`, 'unknownOperator', `${f.op} is not a known operator`);
    const op = f.op as FilterOperator;
    if (!OPERATORS_BY_TYPE[r.type].includes(op)) fail(`${at}.op`, 'unknownOperator', `${op} does not apply to ${f.field}`);
    conds.push(filterSql(r, op, f.value, at));
  });
  if (query.tags && query.tags.length > 0) {
    if (!ent.definition.capabilities.tags || !tagFilter)
      fail('tags', 'unknownField', `${ent.definition.label.plural} cannot be filtered by tag`);
    conds.push(tagFilter(tenantId, ent.definition.kind, sql`${sql.identifier(ent.tableName)}.id`, query.tags));
  }
  const sort: readonly EntityListSort[] = query.sort.length > 0 ? query.sort : ent.definition.defaultSort;
  const order = sort.map((s, i) => {
    const r = resolveField(ent, fields, access, s.field, `sort.${i}.field`, 'sort');
    return s.order === 'desc' ? sql`${r.expr} desc nulls last` : sql`${r.expr} asc nulls last`;
  });
  // id last: pages never overlap when sort values tie
  order.push(sql`id asc`);
  return {
    where: sql.join(conds, sql` and `),
    orderBy: sql.join(order, sql`, `),
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
    selective: Boolean(term) || query.filters.length > 0 || Boolean(query.tags?.length),
  };
}
