import { sql } from 'drizzle-orm';
import type { DateGroup } from '@atrium/domain';
import type { TenantContext } from '../context';
import type { RegisteredEntity } from './entity-registry';
import { column, linkTargetOf, tableOf, T } from './entity-sql';
import type { CompiledListQuery } from './list-query';

// More groups than this are not listed (the list itself still shows every record).
export const MAX_GROUPS = 200;

// Records of the list per value of a field, with the linked record's (user's, stage's) title:
// one statement, the titles looked up once per group, not per record.
export async function countByValue(
  ctx: TenantContext,
  ent: RegisteredEntity,
  q: CompiledListQuery,
  key: string,
  titled: 'stage' | 'link' | 'none',
): Promise<{ value: string | null; title: string | null; count: number; position: string | null }[]> {
  const g = sql.raw('g');
  const title =
    titled === 'stage'
      ? sql`(select s.name from workflow_stages s where s.tenant_id = ${ctx.tenantId} and s.id = ${g}.value)`
      : titled === 'link'
        ? (() => {
            const target = linkTargetOf(ent, key);
            const r = sql.raw('r');
            return sql`(select ${target.title(r)} from ${target.table} ${r} where ${r}.tenant_id = ${ctx.tenantId} and ${r}.id = ${g}.value)`;
          })()
        : sql`null::text`;
  // stages keep their board order (their workflow, then the stage's place in it)
  const position =
    titled === 'stage'
      ? sql`(select w.name || chr(1) || s.sort_order from workflow_stages s join workflows w on w.tenant_id = s.tenant_id and w.id = s.workflow_id
          where s.tenant_id = ${ctx.tenantId} and s.id = ${g}.value)`
      : sql`null::text`;
  const res = await ctx.db.execute<{ value: string | null; title: string | null; n: number; position: string | null }>(sql`
    select ${g}.value, ${title} as title, ${g}.n, ${position} as position
    from (select ${column(ent, key)} as value, count(*)::int as n from ${tableOf(ent)} ${T} where ${q.where} group by 1) ${g}
    order by ${g}.n desc limit ${MAX_GROUPS}`);
  return res.rows.map((r) => ({ value: r.value === null ? null : String(r.value), title: r.title, count: r.n, position: r.position }));
}

// Records of the list per date group around `today`: overdue (before), today, the next 7 days,
// later, and none.
export async function countByDate(
  ctx: TenantContext,
  ent: RegisteredEntity,
  q: CompiledListQuery,
  key: string,
  today: string,
): Promise<{ group: DateGroup | null; count: number }[]> {
  const d = column(ent, key);
  const day = sql`${today}::date`;
  const res = await ctx.db.execute<{ grp: DateGroup | null; n: number }>(sql`
    select case when ${d} is null then null when ${d} < ${day} then 'overdue' when ${d} = ${day} then 'today'
      when ${d} <= ${day} + 7 then 'next7Days' else 'later' end as grp, count(*)::int as n
    from ${tableOf(ent)} ${T} where ${q.where} group by 1`);
  return res.rows.map((r) => ({ group: r.grp, count: r.n }));
}
