import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

// LIKE and ILIKE patterns from a person's text: %, _ and the escape character match
// themselves. Every pattern goes through here, so a pattern can never end in a lone escape
// (error 22025) — the LEAKPROOF marking of textlike (migration 0005) counts on that.
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;
export const prefixPattern = (text: string): string => `${escapeLike(text)}%`;

// `column in (…)` as one array parameter: the same statement text for any number of values
// (prepared plans are reused, no parameter limit) and an empty list matches nothing.
export function inIdList(column: AnyColumn | SQL, ids: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::uuid[])`;
}

export function inTextList(column: AnyColumn | SQL, values: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...values])}::text[])`;
}
