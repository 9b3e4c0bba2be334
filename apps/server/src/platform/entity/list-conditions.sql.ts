import { sql } from 'drizzle-orm';
import type { ListCondition } from './list-query';
import { T } from './entity-sql';

// Combinators of list conditions on the rows of one kind (alias t), so that a module can
// compose the engine's compiled filters with records picked by hand without writing SQL in a
// service: a segment is (its query's matches or its included contacts) and not its excluded
// ones, a campaign the union of its segments (decision 095).
export const idIn = (ids: readonly string[]): ListCondition =>
  ids.length === 0 ? sql`false` : sql`${T}.id = any(${sql.param(ids)}::uuid[])`;
export const idNotIn = (ids: readonly string[]): ListCondition =>
  ids.length === 0 ? sql`true` : sql`not (${T}.id = any(${sql.param(ids)}::uuid[]))`;
export const anyOf = (conds: readonly ListCondition[]): ListCondition =>
  conds.length === 0
    ? sql`false`
    : sql`(${sql.join(
        [...conds].map((c) => sql`(${c})`),
        sql` or `,
      )})`;
export const allOf = (conds: readonly ListCondition[]): ListCondition =>
  conds.length === 0
    ? sql`true`
    : sql`(${sql.join(
        [...conds].map((c) => sql`(${c})`),
        sql` and `,
      )})`;

// Rows listed in a module's own table of (tenant_id, <owner>, <id>) under one owner: a
// segment's stored members (decision 095), as a condition the engine's list can page.
export const idListedIn = (table: string, ownerColumn: string, owner: string, idColumn: string): ListCondition =>
  sql`${T}.id in (select l.${sql.identifier(idColumn)} from ${sql.identifier(table)} l where l.tenant_id = ${T}.tenant_id and l.${sql.identifier(ownerColumn)} = ${owner})`;
