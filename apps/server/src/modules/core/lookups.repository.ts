import { sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';
import { containsPattern } from '../../platform/sql.util';

export type NamedRow = { id: string; name: string };

const idFilter = (ids: readonly string[] | undefined) =>
  ids
    ? ids.length
      ? sql`and id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql`and false`
    : sql``;
const likeOf = (search: string | undefined) => (search ? containsPattern(search) : undefined);

// Roles belong to the admin module; the lookups read only their ids and names (teams are an
// engine kind with the engine's lookup).
export async function named(
  ctx: TenantContext,
  table: 'roles',
  q: { search?: string | undefined; ids?: readonly string[] | undefined; limit: number },
): Promise<NamedRow[]> {
  const like = likeOf(q.search);
  const res = await ctx.db.execute<NamedRow>(sql`
    select id, name from ${sql.identifier(table)} where tenant_id = ${ctx.tenantId} ${idFilter(q.ids)}
    ${like ? sql`and name ilike ${like}` : sql``}
    order by lower(name) limit ${q.limit}`);
  return res.rows;
}
