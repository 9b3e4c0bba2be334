import type { ActivityAction, ActivityFeedType, ActivityQuery, ActivityType, EntityKind } from '@atrium/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { TenantContext } from '../context';
import type { RecordRef } from './record-cleanup';

export type ActivityInsert = {
  // chosen by the caller when something else must name the entry (a sent e-mail's Message-ID)
  id?: string;
  entityKind: EntityKind;
  entityId: string;
  type: ActivityType;
  action: ActivityAction;
  field?: string | null;
  before?: unknown;
  after?: unknown;
  restricted?: boolean;
  portalVisible?: boolean;
};

const json = (v: unknown): SQL => (v === undefined ? sql`null` : sql`${JSON.stringify(v)}::jsonb`);

// One multi-row insert for all rows of a change, in the caller's transaction.
export async function insertActivities(ctx: TenantContext, rows: readonly ActivityInsert[]): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map(
    (
      r,
    ) => sql`(${r.id ?? sql`gen_random_uuid()`}, ${ctx.tenantId}, ${r.entityKind}, ${r.entityId}, ${r.type}, ${r.action}, ${r.field ?? null}, ${json(r.before)}, ${json(r.after)},
      ${r.restricted ?? false}, ${r.portalVisible ?? false}, ${ctx.tenantUserId})`,
  );
  await ctx.db.execute(sql`
    insert into activities (id, tenant_id, entity_kind, entity_id, type, action, field, before, after, restricted, portal_visible, actor_id)
    values ${sql.join(values, sql`, `)}`);
}

export type ActivityRecord = {
  id: string;
  entity_kind: string;
  entity_id: string;
  type: ActivityType;
  action: ActivityAction;
  field: string | null;
  before: unknown;
  after: unknown;
  actor_id: string | null;
  actor_name: string | null;
  created_at: string;
};

export async function selectFeed(
  ctx: TenantContext,
  q: ActivityQuery,
  opts: { viewRestricted: boolean },
): Promise<{ rows: ActivityRecord[]; total: number; counts: Map<string, number> }> {
  const base: SQL[] = [sql`a.tenant_id = ${ctx.tenantId}`, sql`a.entity_kind = ${q.target}`, sql`a.entity_id = ${q.targetId}`];
  if (!opts.viewRestricted) base.push(sql`not a.restricted`);
  if (q.isPortal) base.push(sql`a.portal_visible`);
  const filtered = q.type === 'All Activity' ? base : [...base, sql`a.type = ${q.type satisfies ActivityFeedType}`];
  const dir = q.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const order = q.sortField === 'type' ? sql`a.type ${dir}, a.created_at desc, a.seq desc` : sql`a.created_at ${dir}, a.seq ${dir}`;
  const rows = await ctx.db.execute<ActivityRecord>(sql`
    select a.id, a.entity_kind, a.entity_id, a.type, a.action, a.field, a.before, a.after, a.actor_id,
      coalesce(u.name, tu.email) as actor_name,
      to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
    from activities a
    left join tenant_users tu on tu.tenant_id = a.tenant_id and tu.id = a.actor_id
    left join users u on u.id = tu.user_id
    where ${sql.join(filtered, sql` and `)}
    order by ${order}
    limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`);
  const counts = await ctx.db.execute<{ type: string; n: number }>(sql`
    select a.type, count(*)::int as n from activities a where ${sql.join(base, sql` and `)} group by a.type`);
  const map = new Map(counts.rows.map((r) => [r.type, r.n]));
  const total = q.type === 'All Activity' ? [...map.values()].reduce((s, n) => s + n, 0) : (map.get(q.type) ?? 0);
  return { rows: rows.rows, total, counts: map };
}

// A merged record's history moves to the surviving record: one timeline per customer.
export async function moveActivities(ctx: TenantContext, from: RecordRef, to: RecordRef): Promise<void> {
  await ctx.db.execute(sql`
    update activities set entity_kind = ${to.kind}, entity_id = ${to.id}
    where tenant_id = ${ctx.tenantId} and entity_kind = ${from.kind} and entity_id = ${from.id}`);
}
