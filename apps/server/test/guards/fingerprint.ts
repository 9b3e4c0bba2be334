import type { TestApp } from '../harness';

// The fingerprint's query for an app's database, built once: the tables are the migrations' and
// do not change during a test. It runs as a named prepared statement, so each connection plans
// it once (a union over every table costs more to plan than to run on a test database's small
// tables: 14 ms a call before, the contract test takes about 5,000).
const queries = new WeakMap<TestApp, Map<string, string>>();
const serial = new WeakSet<object>();

async function fingerprintQuery(t: TestApp, where?: { tenantId: string }): Promise<string> {
  const key = where?.tenantId ?? '';
  let built = queries.get(t);
  if (!built) queries.set(t, (built = new Map()));
  const known = built.get(key);
  if (known) return known;
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
  const query = tables
    .filter((x) => !where || x.has_tenant)
    .map(
      (x) =>
        `select '${x.table}' as t, count(*) as n, coalesce(md5(string_agg(${row(x.table)}, ',' order by ${row(x.table)})), '') as h from "${x.table}" r${where && x.has_tenant ? ` where tenant_id = '${where.tenantId}'` : ''}`,
    )
    .join(' union all ');
  built.set(key, query);
  return query;
}

// One value that changes when any row of any table changes: for "the database is unchanged".
export async function databaseFingerprint(t: TestApp, where?: { tenantId: string }): Promise<string> {
  const text = await fingerprintQuery(t, where);
  const client = await t.database.admin.connect();
  let rows: { t: string; n: string; h: string }[];
  try {
    // without parallel workers: starting them costs six times the reading of a test database's
    // small tables. Set on the connection, once, before the statement is first planned on it.
    if (!serial.has(client)) {
      await client.query('set max_parallel_workers_per_gather = 0');
      serial.add(client);
    }
    rows = (await client.query<{ t: string; n: string; h: string }>({ name: `fingerprint-${where?.tenantId ?? 'all'}`, text })).rows;
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
