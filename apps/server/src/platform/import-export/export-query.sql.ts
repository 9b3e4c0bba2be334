import { sql, type SQL } from 'drizzle-orm';
import type { RegisteredEntity } from '../entity/entity-registry';
import { linkTargetOf, selectList, tableOf, T } from '../entity/entity-sql';
import type { CompiledListQuery } from '../entity/list-query';

// The SQL of an export (decision 072): each column's value as text on the alias `t`, the select
// the XLSX writer reads through a cursor, and the select PostgreSQL writes as CSV.

// a column's value as SQL (text, or a timestamp PostgreSQL writes as ISO text in UTC)
export type ExportExpr = SQL;

export const idText = (): ExportExpr => sql`${T}.id::text`;
export const asText = (col: SQL): ExportExpr => sql`${col}::text`;

// a custom value as text; several options as "a; b"
export const customText = (key: string, several: boolean): ExportExpr =>
  several
    ? sql`array_to_string(array(select jsonb_array_elements_text(${T}.custom_fields -> ${key})), '; ')`
    : sql`(${T}.custom_fields ->> ${key})`;

// the name of the record's workflow stage or type
export function stageOrTypeName(key: 'workflowStage' | 'typeId', col: SQL): ExportExpr {
  const names = key === 'workflowStage' ? sql.raw('workflow_stages') : sql.raw('entity_types');
  return sql`(select n.name from ${names} n where n.tenant_id = ${T}.tenant_id and n.id = ${col})`;
}

// the title of the record a reference points at
export function referenceTitle(ent: RegisteredEntity, key: string, col: SQL): ExportExpr {
  const target = linkTargetOf(ent, key);
  const r = sql.raw(`x_${key}`);
  return sql`(select ${target.title(r)} from ${target.table} ${r} where ${r}.tenant_id = ${T}.tenant_id and ${r}.id = ${col})`;
}

// the selection of an export: only these ids
export const idsIn = (ids: readonly string[]): SQL => sql`${T}.id = any(${sql.param(ids)}::uuid[])`;

// XLSX: the rows as the list reads them, in the list's order
export const rowsSelect = (ent: RegisteredEntity, compiled: CompiledListQuery): SQL =>
  sql`select ${selectList(ent)} from ${tableOf(ent)} ${T} ${compiled.joins} where ${compiled.where} order by ${compiled.orderBy}`;

// text that a spreadsheet would run as a formula (first character = @ + - tab or CR) goes out
// behind an apostrophe, exactly as safeCell does for XLSX: only a negative number such as -3
// stays as it is (a "+4930" would lose its plus). `ascii` compares the first character's code:
// much cheaper than a collation-aware comparison on every cell; a value with a space is no
// number, which spares the regular expression on most text that starts with a minus. A phone
// number ("+49 30 1234567": a plus, then digits and spaces only) goes out as typed.
const formulaGuard = (c: SQL): SQL => sql`case
  when ascii(${c}) = 43 and (${c}) ~ '^[+][0-9][0-9 ]*$' then ${c}
  when ascii(${c}) in (9, 13, 43, 61, 64) then '''' || (${c})
  when ascii(${c}) = 45 and (strpos(${c}, ' ') > 0 or (${c}) !~ '^-[0-9]+([.][0-9]+)?$') then '''' || (${c})
  else ${c} end`;

// CSV: the select PostgreSQL writes (COPY … TO STDOUT). The guards apply outside the ordered
// select, on its columns: a sub-select with ORDER BY is not merged into the outer one, so a value
// that costs a sub-select (stage names, reference titles, several options) is computed once per
// row, not once per use in its guard; the sort (or the index that spares it) carries the raw
// values only; and the planner, not weighing the guards, reads in order through an index where
// one fits instead of sorting wide rows in parallel (100,000 contacts: 0.40 s instead of 0.45 s).
// A plain select over an ordered sub-select keeps its order.
export function csvSelect(ent: RegisteredEntity, columns: readonly { expr: ExportExpr; plain?: true }[], compiled: CompiledListQuery): SQL {
  const raw = sql.join(
    columns.map((c, i) => sql`${c.expr} as ${sql.identifier(`r${i}`)}`),
    sql`, `,
  );
  const cells = sql.join(
    columns.map((c, i) => {
      const value = sql`s.${sql.identifier(`r${i}`)}`;
      return c.plain ? value : formulaGuard(value);
    }),
    sql`, `,
  );
  return sql`select ${cells} from (select ${raw} from ${tableOf(ent)} ${T} ${compiled.joins}
        where ${compiled.where} order by ${compiled.orderBy}) s`;
}
