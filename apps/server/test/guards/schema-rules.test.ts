import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness';

// The few tables that are not per tenant (ARCHITECTURE §3). A new global table must be named here.
const GLOBAL_TABLES = ['mail_outbox', 'tenants', 'user_pictures', 'users'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type TableRow = { table: string; has_tenant: boolean; rls: boolean; forced: boolean };

async function tables(): Promise<TableRow[]> {
  return t.sql<TableRow>(`
    select c.relname as table,
      exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as has_tenant,
      c.relrowsecurity as rls, c.relforcerowsecurity as forced
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by c.relname`);
}

describe('schema rules, read from the live catalog', () => {
  it('every table is either a tenant table or a named global table', async () => {
    const offenders = (await tables()).filter((r) => !r.has_tenant && !GLOBAL_TABLES.includes(r.table)).map((r) => r.table);
    expect(offenders, 'tables without tenant_id that are not declared global').toEqual([]);
  });

  it('tenant tables have RLS enabled and forced with the app.tenant_id policy', async () => {
    const tenantTables = (await tables()).filter((r) => r.has_tenant);
    expect(tenantTables.length).toBeGreaterThan(3);
    const policies = await t.sql<{ tablename: string; qual: string; with_check: string }>(
      `select tablename, qual, with_check from pg_policies where schemaname = 'public'`,
    );
    const offenders: string[] = [];
    for (const table of tenantTables) {
      if (!table.rls || !table.forced) offenders.push(`${table.table}: RLS not enabled and forced`);
      const p = policies.find((x) => x.tablename === table.table);
      if (!p || !p.qual.includes("current_setting('app.tenant_id'") || !p.with_check?.includes('app.tenant_id')) {
        offenders.push(`${table.table}: no tenant_id = app.tenant_id policy`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('tenant_id leads every primary key, unique constraint, unique index and tenant foreign key', async () => {
    const rows = await t.sql<{
      table: string;
      name: string;
      kind: string;
      first_col: string | null;
      ref_table: string | null;
      ref_first_col: string | null;
    }>(`
      select c.relname as table, con.conname as name, con.contype as kind,
        (select attname from pg_attribute where attrelid = con.conrelid and attnum = con.conkey[1]) as first_col,
        rc.relname as ref_table,
        (select attname from pg_attribute where attrelid = con.confrelid and attnum = con.confkey[1]) as ref_first_col
      from pg_constraint con
      join pg_class c on c.oid = con.conrelid
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_class rc on rc.oid = con.confrelid
      where n.nspname = 'public' and con.contype in ('p', 'u', 'f')`);
    const indexes = await t.sql<{ table: string; name: string; first_col: string | null }>(`
      select c.relname as table, ic.relname as name,
        (select attname from pg_attribute where attrelid = i.indrelid and attnum = i.indkey[0]) as first_col
      from pg_index i
      join pg_class c on c.oid = i.indrelid
      join pg_class ic on ic.oid = i.indexrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and i.indisunique`);
    const tenantTables = new Set((await tables()).filter((r) => r.has_tenant).map((r) => r.table));
    const offenders: string[] = [];
    for (const r of rows) {
      if (!tenantTables.has(r.table)) continue;
      if ((r.kind === 'p' || r.kind === 'u') && r.first_col !== 'tenant_id')
        offenders.push(`${r.table}.${r.name}: key does not start with tenant_id`);
      if (
        r.kind === 'f' &&
        r.ref_table &&
        tenantTables.has(r.ref_table) &&
        (r.first_col !== 'tenant_id' || r.ref_first_col !== 'tenant_id')
      ) {
        offenders.push(`${r.table}.${r.name}: foreign key to ${r.ref_table} does not start with tenant_id`);
      }
    }
    for (const i of indexes) {
      if (tenantTables.has(i.table) && i.first_col !== 'tenant_id')
        offenders.push(`${i.table}.${i.name}: unique index does not start with tenant_id`);
    }
    expect(offenders).toEqual([]);
    const pkless = [...tenantTables].filter((table) => !rows.some((r) => r.table === table && r.kind === 'p'));
    expect(pkless, 'tenant tables without a primary key').toEqual([]);
  });
});

describe('identity secrets', () => {
  it('live in the identity schema, which the request role cannot reach', async () => {
    const identityTables = await t.sql<{ table: string }>(
      `select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'identity' and c.relkind = 'r' order by 1`,
    );
    expect(identityTables.map((r) => r.table)).toEqual(
      expect.arrayContaining([
        'auth_sessions',
        'credentials',
        'idp_keys',
        'idp_payloads',
        'identity_tokens',
        'sign_in_failures',
        'user_identities',
      ]),
    );
    const [usage] = await t.sql<{ app: boolean; identity: boolean }>(
      `select has_schema_privilege('atrium_app', 'identity', 'USAGE') as app, has_schema_privilege('atrium_identity', 'identity', 'USAGE') as identity`,
    );
    expect(usage).toEqual({ app: false, identity: true });
    for (const { table } of identityTables) {
      await expect(t.database.app.query(`select * from identity.${table} limit 1`), table).rejects.toThrow(/permission denied/);
    }
    // no column of public.users holds a secret any more
    const columns = await t.sql<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = 'users'`,
    );
    expect(columns.map((c) => c.column_name)).not.toContain('password_hash');
  });

  it('the identity role reads them, and requests reach identity only through its few functions', async () => {
    const res = await t.database.identity.query<{ n: number }>(`select count(*)::int as n from identity.idp_keys`);
    expect(res.rows[0]?.n).toBeGreaterThan(0);
    const fns = await t.sql<{ name: string }>(`
      select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prosecdef and has_function_privilege('atrium_app', p.oid, 'EXECUTE') order by 1`);
    // atrium_session_live answers only whether a session id (a random grant id) is live: the
    // check that refuses a signed-out token (decision 002); atrium_helpdesks_for_address answers
    // only the ids of the helpdesk an inbound mail is addressed to (decision 094), the one lookup
    // across workspaces a mail without a workspace needs
    expect(fns.map((f) => f.name)).toEqual([
      'atrium_helpdesks_for_address',
      'atrium_session_live',
      'atrium_user_for_identity',
      'atrium_user_memberships',
    ]);
  });
});

// Past one database server, tenants spread over a Citus cluster (README "Several processes"):
// every tenant table distributed by tenant_id, the global tables as reference tables. The key
// rules above make that legal; these are the rest of what Citus asks.
describe('ready for Citus', () => {
  it('every tenant table has a uuid tenant_id that can be its distribution column', async () => {
    const rows = await t.sql<{ table: string; type: string; not_null: boolean }>(`
      select c.relname as table, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
      where n.nspname = 'public' and c.relkind in ('r', 'p')`);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => r.type !== 'uuid' || !r.not_null).map((r) => r.table)).toEqual([]);
  });

  it('no global (reference) table points at a tenant (distributed) table', async () => {
    const rows = await t.sql<{ table: string; name: string; ref_table: string }>(`
      select c.relname as table, con.conname as name, rc.relname as ref_table
      from pg_constraint con
      join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
      join pg_class rc on rc.oid = con.confrelid
      where n.nspname = 'public' and con.contype = 'f'`);
    const tenantTables = new Set((await tables()).filter((r) => r.has_tenant).map((r) => r.table));
    expect(rows.filter((r) => !tenantTables.has(r.table) && tenantTables.has(r.ref_table)).map((r) => `${r.table}.${r.name}`)).toEqual([]);
  });
});

describe('row-level security as the second wall', () => {
  it('a foreign key that clears on delete clears only its own columns, never tenant_id', async () => {
    // `on delete set null` over (tenant_id, x) would null the tenant column too (decision 034)
    const offenders = await t.sql<{ name: string }>(`
      select c.conname as name from pg_constraint c
      where c.contype = 'f' and c.confdeltype = 'n' and c.connamespace = 'public'::regnamespace
        and exists (select 1 from pg_attribute a where a.attrelid = c.conrelid and a.attname = 'tenant_id' and a.attnum = any(c.conkey))
        and (c.confdelsetcols is null or exists (select 1 from pg_attribute a where a.attrelid = c.conrelid and a.attname = 'tenant_id' and a.attnum = any(c.confdelsetcols)))`);
    expect(offenders.map((o) => o.name)).toEqual([]);
  });

  it('the app role is neither superuser nor BYPASSRLS', async () => {
    const res = await t.database.app.query<{ current_user: string; rolsuper: boolean; rolbypassrls: boolean }>(
      `select current_user, r.rolsuper, r.rolbypassrls from pg_roles r where r.rolname = current_user`,
    );
    expect(res.rows[0]).toEqual({ current_user: 'atrium_app', rolsuper: false, rolbypassrls: false });
  });

  it('a query with no tenant set sees no rows; with a tenant, only its own', async () => {
    const a = await t.createTenant(await t.createUser());
    const b = await t.createTenant(await t.createUser());
    const tenantTables = (await tables()).filter((r) => r.has_tenant).map((r) => r.table);
    const client = await t.database.app.connect();
    try {
      await client.query('begin');
      for (const table of tenantTables) {
        const all = await t.sql<{ n: number }>(`select count(*)::int as n from "${table}"`);
        const seen = await client.query<{ n: number }>(`select count(*)::int as n from "${table}"`);
        expect(seen.rows[0]?.n, `${table} without tenant`).toBe(0);
        if (['roles', 'tenant_users', 'subscriptions', 'teams'].includes(table)) expect(all[0]?.n).toBeGreaterThan(0);
      }
      await client.query(`select set_config('app.tenant_id', $1, true)`, [a.id]);
      const roles = await client.query<{ tenant_id: string }>(`select distinct tenant_id from roles`);
      expect(roles.rows.map((r) => r.tenant_id)).toEqual([a.id]);
      // writing a row for another tenant is refused by the policy's check
      await expect(client.query(`insert into teams (tenant_id, name) values ($1, 'sneaky')`, [b.id])).rejects.toThrow(/row-level security/);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
