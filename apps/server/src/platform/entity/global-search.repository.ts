import { sql, type SQL } from 'drizzle-orm';
import type { TenantContext } from '../context';
import { containsPattern, prefixPattern } from '../sql.util';
import type { RegisteredEntity } from './entity-registry';
import { T, column, tableOf, titleSql, visibleSql } from './entity-sql';

// how many of the newest matches per kind are ranked: bounds the work for common words
const CANDIDATES = 200;

export type GlobalSearchRow = { k: number; id: string; title: string; subtitle: string | null };

// The second line of a hit: the search fields that are not part of the title, first one set.
function subtitleSql(ent: RegisteredEntity): SQL {
  const { definition } = ent;
  const keys = definition.searchFields.filter((k) => !definition.title.fields.includes(k) && definition.fields[k]?.kind !== 'reference');
  return keys.length > 0
    ? sql`coalesce(${sql.join(
        keys.map((k) => sql`nullif(${column(ent, k)}::text, '')`),
        sql`, `,
      )})`
    : sql`null::text`;
}

// One statement for every kind (decision 027): a branch per kind over its trigram-indexed search
// text, each word required, archived records left out, row visibility applied; among the newest
// matches, titles starting with the first word first, then the newest. `k` is the kind's index in `kinds`;
// each branch returns one row more than `perKind` so that the caller knows there are more.
export async function searchKinds(
  ctx: TenantContext,
  kinds: readonly RegisteredEntity[],
  words: readonly string[],
  perKind: number,
): Promise<GlobalSearchRow[]> {
  const branches = kinds.map((ent, i) => {
    const title = titleSql(ent);
    const matches = words.map((w) => sql`${T}.search_text like atrium_fold(${containsPattern(w)})`);
    // the newest matches first (a walk of the created-at index when the words are common, the
    // trigram index when they are rare), then the titles starting with the first word among them
    return sql`(select ${i}::int as k, id, title, subtitle from (
        select ${T}.id, ${title} as title, ${subtitleSql(ent)} as subtitle, ${T}.created_at
        from ${tableOf(ent)} ${T}
        where ${T}.tenant_id = ${ctx.tenantId} and ${T}.archived_at is null and ${sql.join(matches, sql` and `)} and ${visibleSql(ctx, ent)}
        order by ${T}.created_at desc
        limit ${CANDIDATES}) c
      order by atrium_fold(title) like atrium_fold(${prefixPattern(words[0] ?? '')}) desc, created_at desc
      limit ${perKind + 1})`;
  });
  const res = await ctx.db.execute<GlobalSearchRow>(sql.join(branches, sql` union all `));
  return res.rows;
}

// The records changed last across kinds (the dashboard's "recently changed"): a branch per kind
// over its (tenant_id, updated_at) order, row visibility applied, archived records left out.
export async function recentlyChanged(
  ctx: TenantContext,
  kinds: readonly RegisteredEntity[],
  limit: number,
): Promise<{ k: number; id: string; title: string; updated_at: string }[]> {
  const branches = kinds.map(
    (ent, i) => sql`(select ${i}::int as k, ${T}.id, ${titleSql(ent)} as title, ${T}.updated_at
      from ${tableOf(ent)} ${T}
      where ${T}.tenant_id = ${ctx.tenantId} and ${T}.archived_at is null and ${visibleSql(ctx, ent)}
      order by ${T}.updated_at desc limit ${limit})`,
  );
  const res = await ctx.db.execute<{ k: number; id: string; title: string; updated_at: string }>(
    sql`select k, id, title, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at
      from (${sql.join(branches, sql` union all `)}) r order by r.updated_at desc limit ${limit}`,
  );
  return res.rows;
}

// How many active records of each kind the caller may see, in one statement (the dashboard).
export async function countVisible(ctx: TenantContext, kinds: readonly RegisteredEntity[]): Promise<{ k: number; n: number }[]> {
  const branches = kinds.map(
    (ent, i) => sql`(select ${i}::int as k, count(*)::int as n from ${tableOf(ent)} ${T}
      where ${T}.tenant_id = ${ctx.tenantId} and ${T}.archived_at is null and ${visibleSql(ctx, ent)})`,
  );
  const res = await ctx.db.execute<{ k: number; n: number }>(sql`${sql.join(branches, sql` union all `)}`);
  return res.rows;
}
