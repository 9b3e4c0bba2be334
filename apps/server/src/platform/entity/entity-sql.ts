import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn } from 'drizzle-orm/pg-core';
import type { TenantContext } from '../context';
import type { EntityFeature } from '@atrium/domain';
import { targetOf, type RegisteredEntity } from './entity-registry';
import { roleGrant } from './role-scope';
import { rowTagsSql } from './row-tags';
import { literal } from '../tenant-statements';

// SQL fragments every engine statement shares. Statements name the entity's table `t`, so that
// a title, an expanded reference or a joined sort can name other tables beside it.
export const T = sql.raw('t');

const HIDDEN_COLUMNS = new Set([
  'tenantId',
  'searchText',
  'customSearch',
  'searchVector',
  'createdBy',
  'updatedBy',
  'deletedAt',
  'deletedBy',
]);

export const tableOf = (ent: RegisteredEntity): SQL => sql`${sql.identifier(ent.tableName)}`;

export function column(ent: RegisteredEntity, key: string, alias: SQL = T): SQL {
  const c = ent.columns[key];
  if (!c) throw new Error(`${ent.definition.kind} has no column ${key}`);
  return sql`${alias}.${sql.identifier(c.name)}`;
}

// The record's title from the definition's title fields, e.g. first and last name.
export function titleSql(ent: RegisteredEntity, alias: SQL = T): SQL {
  const parts = ent.definition.title.fields.map((key) => sql`coalesce(${column(ent, key, alias)}::text, '')`);
  if (parts.length === 1) return parts[0] as SQL;
  return sql`btrim(${sql.join(parts, sql` || ' ' || `)})`;
}

// What a reference field points at, as SQL: the table, the title of a row under an alias, and
// which rows a new link may name. A record of a registered kind (as the caller may see it), or
// a workspace user (an active membership, titled by the user's name or else the e-mail).
export type LinkTarget = { table: SQL; title: (alias: SQL) => SQL; linkable: (ctx: TenantContext, alias: SQL) => SQL };

export const entityLinkTarget = (ent: RegisteredEntity): LinkTarget => ({
  table: tableOf(ent),
  title: (alias) => titleSql(ent, alias),
  // row-visibility rules are written on the alias t
  linkable: (ctx) => visibleSql(ctx, ent),
});

export const USER_LINK_TARGET: LinkTarget = {
  table: sql`tenant_users`,
  title: (alias) => sql`coalesce((select nullif(u.name, '') from users u where u.id = ${alias}.user_id), ${alias}.email)`,
  linkable: (_ctx, alias) => sql`${alias}.status = 'active'`,
};

export function linkTargetOf(ent: RegisteredEntity, key: string): LinkTarget {
  return ent.definition.fields[key]?.target === 'User' ? USER_LINK_TARGET : entityLinkTarget(targetOf(ent, key));
}

// A reference as rows carry it: { id, title } of the linked record, or null. One indexed
// look-up per returned row, in the same statement (no N+1 round trips).
export function expandedReference(ent: RegisteredEntity, key: string, alias: SQL = T): SQL {
  const target = linkTargetOf(ent, key);
  const r = sql.raw(`r_${key}`);
  // a record in the recycle bin reads as no link; restored, the link is back (decision 086)
  const live = target === USER_LINK_TARGET ? sql`` : sql` and ${r}.deleted_at is null`;
  return sql`(select jsonb_build_object('id', ${r}.id, 'title', ${target.title(r)}) from ${target.table} ${r}
    where ${r}.tenant_id = ${alias}.tenant_id and ${r}.id = ${column(ent, key, alias)}${live})`;
}

const isTimestamp = (col: PgColumn) => col.columnType === 'PgTimestamp' || col.columnType === 'PgTimestampString';
const isDate = (col: PgColumn) => col.columnType === 'PgDateString' || col.columnType === 'PgDate';
// ISO 8601 in UTC, as every API date is
export const isoText = (expr: SQL): SQL => sql`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const selectLists = new WeakMap<RegisteredEntity, SQL>();
const dialect = new PgDialect();

// A fragment that is the same on every call, rendered to text once: Drizzle then copies one
// string instead of walking a few hundred chunks on every statement. Its parameters are the
// code's own constants (an entity kind, a date format, a separator), never input: they become
// literals, quoted as pg would send them (an untyped literal takes its type from where it
// stands, as an extended-protocol parameter does).
function prerendered(fragment: SQL): SQL {
  const q = dialect.sqlToQuery(fragment);
  return sql.raw(q.sql.replace(/\$(\d+)\b/g, (_m, n: string) => literal(q.params[Number(n) - 1])));
}

// Every served column aliased to its field name, the title, and the expanded references.
export function selectList(ent: RegisteredEntity): SQL {
  let list = selectLists.get(ent);
  if (!list) {
    const parts: SQL[] = Object.entries(ent.columns)
      .filter(([key]) => !HIDDEN_COLUMNS.has(key))
      .map(([key, col]) => {
        const expr = sql`${T}.${sql.identifier(col.name)}`;
        const value = isTimestamp(col) ? isoText(expr) : isDate(col) ? sql`${expr}::text` : expr;
        return sql`${value} as ${sql.identifier(key)}`;
      });
    parts.push(sql`${titleSql(ent)} as "title"`);
    const tags = ent.definition.capabilities.tags ? rowTagsSql(ent.definition.kind, T) : undefined;
    if (tags) parts.push(sql`${tags} as "tags"`);
    for (const [key, f] of Object.entries(ent.definition.fields)) {
      if (f.kind === 'reference' && f.target && f.expand) parts.push(sql`${expandedReference(ent, key)} as ${sql.identifier(f.expand)}`);
    }
    list = prerendered(sql.join(parts, sql`, `));
    selectLists.set(ent, list);
  }
  return list;
}

// The rows whose owner's role gives the caller the feature's permission, when only a role can
// (role-scope.ts roleGrant): a member sees, or changes, their projects' tasks and no others.
function roleScopeSql(ctx: TenantContext, ent: RegisteredEntity, feature: EntityFeature): SQL | undefined {
  const grant = roleGrant(ctx, ent, feature);
  if (!grant) return undefined;
  return grant.granted(ctx, grant.field === 'id' ? sql`${T}.id` : column(ent, grant.field), grant.permission);
}

// The kind's row-visibility rule for this caller and, for a caller whose view (or `feature`)
// comes from roles only, the owners whose role grants it; undefined when nothing narrows.
function narrowing(ctx: TenantContext, ent: RegisteredEntity, feature: EntityFeature): SQL | undefined {
  const parts = [ent.visibility?.(ctx), roleScopeSql(ctx, ent, 'view'), feature === 'view' ? undefined : roleScopeSql(ctx, ent, feature)];
  const conds = parts.filter((p): p is SQL => p !== undefined);
  return conds.length === 0 ? undefined : sql.join(conds, sql` and `);
}

// What narrows the caller's rows of the kind (its rule, a view by roles only), on the alias t;
// undefined: every row. A module's own statement about a kind's rows applies this, never the
// kind's raw `visibility` rule.
export const visibilityRule = (ctx: TenantContext, ent: RegisteredEntity): SQL | undefined => narrowing(ctx, ent, 'view');

export const isNarrowed = (ctx: TenantContext, ent: RegisteredEntity): boolean => visibilityRule(ctx, ent) !== undefined;

// The rule as a condition (true when none). The bin's calls ask it for 'delete'.
export function ruleSql(ctx: TenantContext, ent: RegisteredEntity, feature: EntityFeature = 'view'): SQL {
  return narrowing(ctx, ent, feature) ?? sql`true`;
}

// The rows a caller sees: not in the recycle bin (decision 086) and allowed by the kind's rule.
// Every engine read goes through this one condition; only the bin's own calls use ruleSql alone.
// `feature`: the rows the caller may also use that feature on (archive asks 'manage').
export function visibleSql(ctx: TenantContext, ent: RegisteredEntity, feature: EntityFeature = 'view'): SQL {
  const rule = narrowing(ctx, ent, feature);
  return rule ? sql`${T}.deleted_at is null and ${rule}` : sql`${T}.deleted_at is null`;
}

// LIKE/ILIKE patterns match the user's text literally.
// one escaping for every LIKE pattern (platform/sql.util.ts)
// The records linked to `id` through a many-to-many relation's join table and, with `via`, those
// whose reference `via` points at it: a condition on the target's alias `t`.
export function relatedSql(ctx: TenantContext, tableName: string, id: string, target: RegisteredEntity, via?: string): SQL {
  const linked = sql`${T}.id in (select to_id from ${sql.identifier(tableName)} where tenant_id = ${ctx.tenantId} and from_id = ${id})`;
  return via ? sql`(${linked} or ${column(target, via)} = ${id})` : linked;
}

// The value of `id`, a built-in field or `customFields.<key>` on the alias `t` (an import's
// dedupe key compares it, lower-cased and trimmed by the look-up).
export function fieldValueSql(ent: RegisteredEntity, key: string): SQL {
  if (key === 'id') return sql`${T}.id`;
  if (key.startsWith('customFields.')) return sql`(${T}.custom_fields ->> ${key.slice('customFields.'.length)})`;
  return column(ent, key);
}
