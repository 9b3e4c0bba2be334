import type { TestApp } from '../harness';

// One value that changes when any row of any table changes: for "the database is unchanged".
export async function databaseFingerprint(t: TestApp, where?: { tenantId: string }): Promise<string> {
  const tables = await t.sql<{ table: string; has_tenant: boolean }>(`
    select c.relname as table,
      exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as has_tenant
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`);
  // bookkeeping a refused request must still write (a wrong code counts against its attempts)
  const BOOKKEEPING: Record<string, string[]> = { tenants: ['domain_code_attempts'] };
  const row = (table: string) => {
    const skip = BOOKKEEPING[table];
    return skip ? `(to_jsonb(r) - array[${skip.map((c) => `'${c}'`).join(', ')}]::text[])::text` : 'r::text';
  };
  const parts = tables
    .filter((x) => !where || x.has_tenant)
    .map(
      (x) =>
        `select '${x.table}' as t, count(*) as n, coalesce(md5(string_agg(${row(x.table)}, ',' order by ${row(x.table)})), '') as h from "${x.table}" r${where && x.has_tenant ? ` where tenant_id = '${where.tenantId}'` : ''}`,
    );
  // without parallel workers: starting them costs six times the reading of a test database's
  // small tables (2 ms instead of 14 ms, and the contract test takes about a thousand)
  const client = await t.database.admin.connect();
  let rows: { t: string; n: string; h: string }[];
  try {
    await client.query('begin');
    await client.query('set local max_parallel_workers_per_gather = 0');
    rows = (await client.query<{ t: string; n: string; h: string }>(parts.join(' union all '))).rows;
    await client.query('commit');
  } finally {
    client.release();
  }
  // in table order: PostgreSQL may run the branches of the union in parallel, in any order
  return rows
    .map((r) => `${r.t}:${r.n}:${r.h}`)
    .sort()
    .join('|');
}

export async function tenantRowIds(t: TestApp, tenantId: string): Promise<Map<string, string[]>> {
  const tables = await t.sql<{ table: string }>(`
    select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
      -- record ids are uuids; a sequence id (live_events) would "leak" as any digit in a reply
      and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'id' and a.atttypid = 'uuid'::regtype and not a.attisdropped)
      and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)`);
  const out = new Map<string, string[]>();
  for (const { table } of tables) {
    const rows = await t.sql<{ id: string }>(`select id::text as id from "${table}" where tenant_id = $1`, [tenantId]);
    out.set(
      table,
      rows.map((r) => r.id),
    );
  }
  return out;
}
