import {
  CURRENT_USER,
  type ErrorCode,
  OPERATORS_BY_TYPE,
  FILTER_OPERATORS,
  isContentBlock,
  type EntityField,
  type EntityListFilter,
  type EntityListQuery,
  type EntityListSort,
  type FieldDataType,
  type FilterOperator,
  type FilterValueType,
  isDateInRange,
  RELATIVE_DAYS_MAX,
} from '@atrium/domain';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { TenantContext } from '../context';
import { AppError } from '../errors';
import { dataFields, visibleFields, type FieldAccess } from './custom-fields';
import { targetOf, type RegisteredEntity } from './entity-registry';
import { containsPattern, prefixPattern } from '../sql.util';
import { column, linkTargetOf, T, tableOf, visibleSql, type LinkTarget } from './entity-sql';
import { tagFilterSql } from './row-tags';

// A field the list query can address: a SQL expression and the value type it compares as.
// A reference compares by id; by title (contains, startsWith…) and in sorting through its target.
type Resolved = { expr: SQL; type: FilterValueType; custom?: { key: string }; reference?: { field: string; target: LinkTarget } };

const CUSTOM_PREFIX = 'customFields.';

// an extra condition a caller adds to a list (the related records of a relation, a kind's own)
export type ListCondition = SQL;

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
  reference: sql`uuid`,
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
    const text = sql`(${T}.custom_fields ->> ${key}::text)`;
    const expr =
      type === 'number'
        ? sql`(${text})::numeric`
        : type === 'date'
          ? sql`(${text})::date`
          : type === 'dateTime'
            ? sql`(${text})::timestamptz`
            : type === 'array' && purpose === 'filter'
              ? sql`(${T}.custom_fields -> ${key}::text)`
              : text;
    return { expr, type, custom: { key } };
  }
  // own properties only: "constructor" or "__proto__" name no field
  const builtin = Object.hasOwn(ent.definition.fields, name) ? ent.definition.fields[name] : undefined;
  const col = Object.hasOwn(ent.columns, name) ? ent.columns[name] : undefined;
  if (!builtin || !col || builtin.kind === 'json' || access.hidden?.has(name)) fail(at, 'unknownField', `${name} is not a known field`);
  if (purpose === 'sort' && !builtin.sortable) fail(at, 'unknownField', `${name} cannot be sorted`);
  if (purpose === 'filter' && !builtin.filterable) fail(at, 'unknownField', `${name} cannot be filtered`);
  const expr = column(ent, name);
  if (builtin.kind === 'reference' && builtin.target)
    return { expr, type: 'reference', reference: { field: name, target: linkTargetOf(ent, name) } };
  return { expr, type: builtin.type };
}

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
      if (typeof value !== 'string' || !dateSchema.safeParse(value).success) return bad();
      return isDateInRange(value) ? value : fail(at, 'dateOutOfRange', `${at} must be a date between the years 1 and 9999`);
    case 'uuid':
    case 'reference':
      return typeof value === 'string' && z.uuid().safeParse(value).success ? value : bad();
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : bad();
  }
}

// A filter on a user field may name the caller as `@me` (my tasks, my deals): a saved view or a
// link then means whoever opens it.
function meFor(ctx: TenantContext, ent: RegisteredEntity, f: EntityListFilter): unknown {
  if (ent.definition.fields[f.field]?.target !== 'User') return f.value;
  const me = (v: unknown) => (v === CURRENT_USER ? ctx.tenantUserId : v);
  return Array.isArray(f.value) ? f.value.map(me) : me(f.value);
}

// Today in the caller's time zone (their profile's), for relative date filters.
const todaySql = (userId: string): SQL =>
  sql`(now() at time zone coalesce((select u.time_zone from users u where u.id = ${userId}), 'UTC'))::date`;

function filterSql(r: Resolved, op: FilterOperator, value: unknown, at: string, ctx: TenantContext): SQL {
  const tenantId = ctx.tenantId;
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
  if (r.reference && (op === 'contains' || op === 'notContains' || op === 'startsWith')) {
    // by the linked record's title: ids of the matching targets, found through their own table
    const target = r.reference.target;
    const v = String(value ?? '');
    if (typeof value !== 'string' && typeof value !== 'number') fail(`${at}.value`, 'required', `${at}.value must be one value`);
    const pattern = op === 'startsWith' ? prefixPattern(v) : containsPattern(v);
    const r2 = sql.raw('f');
    const matches = sql`select ${r2}.id from ${target.table} ${r2} where ${r2}.tenant_id = ${tenantId} and ${target.title(r2)} ilike ${pattern}`;
    return op === 'notContains' ? sql`(${e} is null or ${e} not in (${matches}))` : sql`${e} in (${matches})`;
  }
  if (r.type === 'array' && r.custom) {
    // option lists (checkbox, multi-select) and files: element membership
    const key = r.custom.key;
    const has = (v: string | number | boolean) => sql`${T}.custom_fields @> ${JSON.stringify({ [key]: [v] })}::jsonb`;
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
        return sql`${T}.custom_fields @> ${JSON.stringify({ [r.custom.key]: one() })}::jsonb`;
      return sql`${e} = ${one()}::${cast}`;
    case 'neq':
      return sql`${e} is distinct from ${one()}::${cast}`;
    case 'contains':
      return sql`${e} ilike ${containsPattern(String(one()))}`;
    case 'notContains':
      return sql`coalesce(${e}, '') not ilike ${containsPattern(String(one()))}`;
    case 'startsWith':
      return sql`${e} ilike ${prefixPattern(String(one()))}`;
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
    case 'inLast':
    case 'inNext': {
      // within the last (next) N days, today included: dates by the caller's calendar day, times
      // from the same moment N days before (after) now
      const days = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isInteger(days) || days < 1 || days > RELATIVE_DAYS_MAX)
        fail(`${at}.value`, 'validation', `${at}.value must be a whole number of days from 1 to ${RELATIVE_DAYS_MAX}`);
      if (r.type === 'dateTime')
        return op === 'inLast'
          ? sql`${e} between now() - make_interval(days => ${days}) and now()`
          : sql`${e} between now() and now() + make_interval(days => ${days})`;
      const today = todaySql(ctx.user.id);
      return op === 'inLast'
        ? sql`${e} between ${today} - ${days}::int and ${today}`
        : sql`${e} between ${today} and ${today} + ${days}::int`;
    }
  }
}

// How a list finds its page and total (entity.repository.ts, listStatements):
// - `narrowed` (a search, tags, filters or a module's condition): the matches can be few (a
//   search) or most of the workspace (a location's resources, a project's tasks), and only
//   counting them tells which; the planner cannot, since it assumes the matches are spread evenly
//   through the sort order. So the page comes first from the matches, up to FEW_MATCHES of them,
//   with their count (one statement, in memory). More than that, and they are counted apart and
//   the page comes from an ordered walk, which finds many matches soon. A window over 100,000
//   matches spills to disk before it sorts (44 ms where the walk takes 0.2 ms and the count
//   11 ms), and a walk past rare matches reads the whole workspace (48 ms for a custom field's
//   2,036 matches in 100,000 contacts, where the matches take 4 ms).
// - otherwise: an ordered walk of the workspace; the total is counted when the page is full.
// `joins`: the tables a sort by a reference's title needs.
export type CompiledListQuery = { where: SQL; joins: SQL; orderBy: SQL; limit: number; offset: number; narrowed: boolean };

// The search: the built-in search text, the values of custom fields the caller may see
// (trigram index first, then a recheck that skips restricted and deleted fields) and the
// titles of records that reference fields among the search fields point at.
function searchSql(ent: RegisteredEntity, fields: readonly EntityField[], access: FieldAccess, tenantId: string, term: string): SQL {
  // folded like the search columns (atrium_fold: lower case, no accents), once per query
  const pattern = sql`atrium_fold(${containsPattern(term.toLowerCase())})`;
  const ors: SQL[] = [sql`${T}.search_text like ${pattern}`];
  const keys = visibleFields(dataFields(fields), access).map((f) => f.key);
  if (keys.length > 0) {
    ors.push(sql`(${T}.custom_search like ${pattern} and exists (
      select 1 from jsonb_each(${T}.custom_fields) v
      where v.key = any(${sql.param(keys)}::text[]) and jsonb_typeof(v.value) in ('string', 'number') and atrium_fold(v.value #>> '{}') like ${pattern}))`);
  }
  for (const key of ent.definition.searchFields) {
    const f = ent.definition.fields[key];
    if (f?.kind !== 'reference' || !f.target || f.target === 'User') continue;
    const target = targetOf(ent, key);
    const r = sql.raw('s');
    // = any(array(…)), not in (…): an indexable arm, so that the whole OR becomes a BitmapOr of
    // the trigram indexes and this one (a hashed sub-plan would make PostgreSQL scan the tenant)
    ors.push(
      sql`${column(ent, key)} = any(array(select ${r}.id from ${tableOf(target)} ${r} where ${r}.tenant_id = ${tenantId} and ${r}.search_text like ${pattern}))`,
    );
  }
  return sql`(${sql.join(ors, sql` or `)})`;
}

// Turns a list request into parameterised SQL. Every field and operator is checked against
// the entity and its custom fields; anything unknown is a 400 naming it.
export function compileListQuery(
  ctx: TenantContext,
  ent: RegisteredEntity,
  fields: readonly EntityField[],
  access: FieldAccess,
  query: EntityListQuery,
  extra: readonly SQL[] = [],
): CompiledListQuery {
  const tenantId = ctx.tenantId;
  const conds: SQL[] = [sql`${T}.tenant_id = ${tenantId}`, ...extra];
  conds.push(visibleSql(ctx, ent));
  if (ent.definition.capabilities.archive) conds.push(query.archived ? sql`${T}.archived_at is not null` : sql`${T}.archived_at is null`);
  const term = query.search?.trim();
  if (term) conds.push(searchSql(ent, fields, access, tenantId, term));
  query.filters.forEach((f: EntityListFilter, i) => {
    const at = `filters.${i}`;
    const r = resolveField(ent, fields, access, f.field, `${at}.field`, 'filter');
    if (!(FILTER_OPERATORS as readonly string[]).includes(f.op)) fail(`${at}.op`, 'unknownOperator', `${f.op} is not a known operator`);
    const op = f.op as FilterOperator;
    if (!OPERATORS_BY_TYPE[r.type].includes(op)) fail(`${at}.op`, 'unknownOperator', `${op} does not apply to ${f.field}`);
    conds.push(filterSql(r, op, meFor(ctx, ent, f), at, ctx));
  });
  if (query.tags && query.tags.length > 0) {
    const filter = ent.definition.capabilities.tags
      ? tagFilterSql(tenantId, ent.definition.kind, sql`${T}.id`, query.tags, query.tagsMatch ?? 'any')
      : undefined;
    if (!filter) fail('tags', 'unknownField', `${ent.definition.kind} records cannot be filtered by tag`);
    conds.push(filter);
  }
  const joins: SQL[] = [];
  const sort: readonly EntityListSort[] = query.sort.length > 0 ? query.sort : ent.definition.defaultSort;
  const order = sort.map((s, i) => {
    const r = resolveField(ent, fields, access, s.field, `sort.${i}.field`, 'sort');
    let expr = r.expr;
    if (r.reference) {
      // sorting by a reference sorts by the linked record's title
      const alias = sql.raw(`j${i}`);
      joins.push(sql`left join ${r.reference.target.table} ${alias} on ${alias}.tenant_id = ${T}.tenant_id and ${alias}.id = ${r.expr}`);
      // records without a link sort last, not as an empty title
      expr = sql`nullif(${r.reference.target.title(alias)}, '')`;
    }
    return s.order === 'desc' ? sql`${expr} desc nulls last` : sql`${expr} asc nulls last`;
  });
  // id last: pages never overlap when sort values tie
  order.push(sql`${T}.id asc`);
  return {
    where: sql.join(conds, sql` and `),
    joins: sql.join(joins, sql` `),
    orderBy: sql.join(order, sql`, `),
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
    narrowed: Boolean(term) || query.filters.length > 0 || Boolean(query.tags?.length) || extra.length > 0,
  };
}
