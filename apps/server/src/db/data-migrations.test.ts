import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { SERVER_ROOT } from '../platform/config';
import { migrateDatabase } from '../platform/database';

// Data migrations, run against a database that holds data of the version before them.
const MIGRATIONS = path.join(SERVER_ROOT, 'src/db/migrations');
type Journal = { entries: { tag: string }[] };

let dir: string;
let url: string;
let dbName: string;
let db: pg.Client;

function withDatabase(adminUrl: string, database: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

// A database of its own for one migration's test (the shared one is at the newest migration):
// `run` gets its address and a connection; both are dropped after it.
async function ownDatabase(suffix: string, run: (url: string, client: pg.Client) => Promise<void>): Promise<void> {
  const name = `${dbName}_${suffix}`;
  const admin = new pg.Client(inject('pgAdminUrl'));
  await admin.connect();
  await admin.query(`create database ${name}`);
  const own = withDatabase(inject('pgAdminUrl'), name);
  const client = new pg.Client(own);
  await client.connect();
  try {
    await run(own, client);
  } finally {
    await client.end();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

// A copy of the migrations that stops before `tag`.
function migrationsBefore(tag: string): string {
  const copy = path.join(dir, 'before', 'migrations');
  cpSync(MIGRATIONS, copy, { recursive: true });
  cpSync(path.join(MIGRATIONS, '..', 'security.sql'), path.join(dir, 'before', 'security.sql'));
  const journal = JSON.parse(readFileSync(path.join(copy, 'meta', '_journal.json'), 'utf8')) as Journal;
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(path.join(copy, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return copy;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-migrations-'));
  const adminUrl = inject('pgAdminUrl');
  dbName = `atrium_test_mig_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  url = withDatabase(adminUrl, dbName);
  db = new pg.Client(url);
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  const admin = new pg.Client(inject('pgAdminUrl'));
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
});

describe('0007: a contact’s organization becomes a reference', () => {
  it('creates one organization per distinct name per workspace and points the contacts at it', async () => {
    await migrateDatabase(url, migrationsBefore('0007_organizations'));
    const tenant = async (slug: string) =>
      (await db.query<{ id: string }>(`insert into tenants (name, slug) values ($1, $1) returning id`, [slug])).rows[0]?.id;
    const a = await tenant('mig-a');
    const b = await tenant('mig-b');
    const contact = (tenantId: string | undefined, name: string, organization: string | null) =>
      db.query(`insert into contacts (tenant_id, first_name, organization) values ($1, $2, $3)`, [tenantId, name, organization]);
    await contact(a, 'Ann', 'Acme');
    await contact(a, 'Al', ' acme ');
    await contact(a, 'Bea', 'Beta GmbH');
    await contact(a, 'Nobody', null);
    await contact(b, 'Ben', 'Acme');

    await migrateDatabase(url, MIGRATIONS);

    const orgs = await db.query<{ tenant_id: string; number: string; name: string }>(
      `select tenant_id, number, name from organizations order by tenant_id = $1 desc, number`,
      [a],
    );
    expect(orgs.rows.map((o) => [o.tenant_id === a ? 'a' : 'b', o.number, o.name])).toEqual([
      ['a', 'ORG-1', 'Acme'],
      ['a', 'ORG-2', 'Beta GmbH'],
      ['b', 'ORG-1', 'Acme'],
    ]);
    const linked = await db.query<{ first_name: string; org: string | null }>(`
      select c.first_name, o.name as org from contacts c left join organizations o on o.tenant_id = c.tenant_id and o.id = c.organization_id
      order by c.first_name`);
    expect(linked.rows.map((r) => [r.first_name, r.org])).toEqual([
      ['Al', 'Acme'],
      ['Ann', 'Acme'],
      ['Bea', 'Beta GmbH'],
      ['Ben', 'Acme'],
      ['Nobody', null],
    ]);
    const counters = await db.query<{ value: number }>(
      `select value from entity_counters where tenant_id = $1 and entity_kind = 'Organization'`,
      [a],
    );
    expect(Number(counters.rows[0]?.value)).toBe(2);
    // RLS is forced again after the migration
    const forced = await db.query<{ relforcerowsecurity: boolean }>(`select relforcerowsecurity from pg_class where relname = 'contacts'`);
    expect(forced.rows[0]?.relforcerowsecurity).toBe(true);
  });
});

describe('0027: Member roles lose the import and export variants', () => {
  it('removes the view and manage variants from Member roles and leaves every other role and permission as it was', async () => {
    await ownDatabase('b', async (own, client) => {
      await migrateDatabase(own, migrationsBefore('0027_member-transfer-variants'));
      const tenantId = (await client.query<{ id: string }>(`insert into tenants (name, slug) values ('mig-c', 'mig-c') returning id`))
        .rows[0]?.id;
      const role = (name: string, key: string | null, permissions: string[]) =>
        client.query(`insert into roles (tenant_id, name, system_key, permissions) values ($1, $2, $3, $4)`, [
          tenantId,
          name,
          key,
          permissions,
        ]);
      await role('Member', 'Member', [
        'Contact.ViewContacts',
        'Contact.ViewContactExports',
        'Contact.Import',
        'Contact.ManageLeadImports',
        'Resource.ViewImports',
      ]);
      await role('Admin', 'Admin', ['Contact.ViewContacts', 'Contact.ViewContactExports']);
      await role('Auditor', null, ['Contact.ViewContactExports']);

      await migrateDatabase(own, MIGRATIONS);

      const roles = await client.query<{ name: string; permissions: string[] }>(`select name, permissions from roles order by name`);
      expect(roles.rows.map((r) => [r.name, r.permissions])).toEqual([
        ['Admin', ['Contact.ViewContacts', 'Contact.ViewContactExports']],
        ['Auditor', ['Contact.ViewContactExports']],
        ['Member', ['Contact.ViewContacts', 'Contact.Import']],
      ]);
      const forced = await client.query<{ relforcerowsecurity: boolean }>(
        `select relforcerowsecurity from pg_class where relname = 'roles'`,
      );
      expect(forced.rows[0]?.relforcerowsecurity).toBe(true);
    });
  });
});

describe('0029: a default workflow for every kind with stages, a stage on every record', () => {
  it('adds the default workflow where a kind has none and gives stage-less records the first stage', async () => {
    await ownDatabase('c', async (own, client) => {
      await migrateDatabase(own, migrationsBefore('0029_default-workflows'));
      const tenant = async (slug: string) =>
        (await client.query<{ id: string }>(`insert into tenants (name, slug) values ($1, $1) returning id`, [slug])).rows[0]!.id;
      const a = await tenant('mig-d');
      const b = await tenant('mig-e');
      // workspace B already has an opportunity pipeline of its own (not marked default)
      const deals = (
        await client.query<{ id: string }>(
          `insert into workflows (tenant_id, entity_kind, name, is_default) values ($1, 'Opportunity', 'Deals', false) returning id`,
          [b],
        )
      ).rows[0]!.id;
      const firstDeal = (
        await client.query<{ id: string }>(
          `insert into workflow_stages (tenant_id, workflow_id, name, stage_type, color, sort_order)
           values ($1, $2, 'Talking', 'Open', '#8c8c8c', 'a0'), ($1, $2, 'Signed', 'Won', '#52c41a', 'a1') returning id`,
          [b, deals],
        )
      ).rows[0]!.id;
      const opportunity = async (tenantId: string, n: string) =>
        (
          await client.query<{ id: string }>(`insert into opportunities (tenant_id, number, name) values ($1, $2, $2) returning id`, [
            tenantId,
            n,
          ])
        ).rows[0]!.id;
      const oppA = await opportunity(a, 'OPP-1');
      const oppB = await opportunity(b, 'OPP-2');
      const contactA = (
        await client.query<{ id: string }>(`insert into contacts (tenant_id, first_name) values ($1, 'Ada') returning id`, [a])
      ).rows[0]!.id;

      await migrateDatabase(own, MIGRATIONS);

      const flows = await client.query<{ tenant_id: string; entity_kind: string; name: string; is_default: boolean }>(
        `select tenant_id, entity_kind, name, is_default from workflows order by tenant_id = $1 desc, entity_kind, name`,
        [a],
      );
      expect(flows.rows.map((w) => `${w.tenant_id === a ? 'A' : 'B'} ${w.entity_kind} ${w.name} ${w.is_default}`)).toEqual([
        'A Contact Contact lifecycle true',
        'A Lead Lead process true',
        'A Opportunity Sales pipeline true',
        // 0031 adds the task stages every workspace has since work management
        'A Task Task stages true',
        'B Contact Contact lifecycle true',
        'B Lead Lead process true',
        'B Opportunity Deals false',
        'B Task Task stages true',
      ]);
      const stageOf = async (table: string, id: string) =>
        (
          await client.query<{ name: string; version: number }>(
            `select s.name, r.version from ${table} r join workflow_stages s on s.tenant_id = r.tenant_id and s.id = r.workflow_stage_id where r.id = $1`,
            [id],
          )
        ).rows[0];
      expect(await stageOf('opportunities', oppA)).toEqual({ name: 'Qualification', version: 2 });
      expect(await stageOf('contacts', contactA)).toEqual({ name: 'Subscriber', version: 2 });
      expect((await client.query(`select workflow_stage_id from opportunities where id = $1`, [oppB])).rows[0]?.workflow_stage_id).toBe(
        firstDeal,
      );
      const forced = await client.query<{ relname: string; relforcerowsecurity: boolean }>(
        `select relname, relforcerowsecurity from pg_class where relname in ('workflows', 'workflow_stages', 'contacts', 'leads', 'opportunities') order by relname`,
      );
      expect(forced.rows.every((r) => r.relforcerowsecurity)).toBe(true);
    });
  });
});

describe('0071: each helpdesk gets its own request stages', () => {
  it("copies the workspace's request workflow to each helpdesk and moves its requests there by stage name", async () => {
    await ownDatabase('f', async (own, client) => {
      await migrateDatabase(own, migrationsBefore('0071_helpdesk-request-workflows'));
      const one = async <T>(q: string, params: unknown[]) => (await client.query<T & pg.QueryResultRow>(q, params)).rows[0]!;
      const tenant = async (slug: string) =>
        (await one<{ id: string }>(`insert into tenants (name, slug) values ($1, $1) returning id`, [slug])).id;
      const a = await tenant('mig-hd-a');
      const b = await tenant('mig-hd-b');
      // workspace A has the request stages (renamed one: Waiting → On hold); workspace B has none
      const flow = (
        await one<{ id: string }>(
          `insert into workflows (tenant_id, entity_kind, name, is_default) values ($1, 'Request', 'Request stages', true) returning id`,
          [a],
        )
      ).id;
      const stage = async (name: string, type: string, order: string) =>
        (
          await one<{ id: string }>(
            `insert into workflow_stages (tenant_id, workflow_id, name, stage_type, color, sort_order) values ($1, $2, $3, $4, '#8c8c8c', $5) returning id`,
            [a, flow, name, type, order],
          )
        ).id;
      await stage('New', 'Open', 'a0');
      const onHold = await stage('On hold', 'InProgress', 'a1');
      const resolved = await stage('Resolved', 'Closed', 'a2');
      const helpdesk = async (tenantId: string, code: string) =>
        (await one<{ id: string }>(`insert into helpdesks (tenant_id, name, code) values ($1, $2, $2) returning id`, [tenantId, code])).id;
      const sup = await helpdesk(a, 'SUP');
      const bil = await helpdesk(a, 'BIL');
      const other = await helpdesk(b, 'OTH');
      const request = async (tenantId: string, helpdeskId: string, n: string, stageId: string | null) =>
        (
          await one<{ id: string }>(
            `insert into requests (tenant_id, helpdesk_id, number, subject, workflow_stage_id) values ($1, $2, $3, $3, $4) returning id`,
            [tenantId, helpdeskId, n, stageId],
          )
        ).id;
      const r1 = await request(a, sup, 'SUP-1', onHold);
      const r2 = await request(a, bil, 'BIL-1', resolved);
      const r3 = await request(b, other, 'OTH-1', null);

      await migrateDatabase(own, MIGRATIONS);

      const stagesOf = async (helpdeskId: string) =>
        (
          await client.query<{ name: string }>(
            `select s.name from workflows w join workflow_stages s on s.tenant_id = w.tenant_id and s.workflow_id = w.id
             where w.scope_id = $1 and w.entity_kind = 'Request' order by s.sort_order collate "C"`,
            [helpdeskId],
          )
        ).rows.map((r) => r.name);
      expect(await stagesOf(sup)).toEqual(['New', 'On hold', 'Resolved']);
      expect(await stagesOf(bil)).toEqual(['New', 'On hold', 'Resolved']);
      // a workspace without request stages gets the definition's
      expect(await stagesOf(other)).toEqual(['New', 'Open', 'Waiting', 'Resolved']);
      const where = async (requestId: string) =>
        one<{ name: string; scope_id: string; version: number }>(
          `select s.name, w.scope_id, r.version from requests r join workflow_stages s on s.tenant_id = r.tenant_id and s.id = r.workflow_stage_id
           join workflows w on w.tenant_id = s.tenant_id and w.id = s.workflow_id where r.id = $1`,
          [requestId],
        );
      expect(await where(r1)).toEqual({ name: 'On hold', scope_id: sup, version: 2 });
      expect(await where(r2)).toEqual({ name: 'Resolved', scope_id: bil, version: 2 });
      expect(await where(r3)).toEqual({ name: 'New', scope_id: other, version: 2 });
      // the workspace's own workflow stays (a new helpdesk copies it)
      expect((await client.query(`select 1 from workflows where id = $1 and scope_id is null`, [flow])).rows).toHaveLength(1);
      const forced = await client.query<{ relforcerowsecurity: boolean }>(
        `select relforcerowsecurity from pg_class where relname in ('workflows', 'workflow_stages', 'helpdesks', 'requests')`,
      );
      expect(forced.rows.every((r) => r.relforcerowsecurity)).toBe(true);
    });
  });
});

describe('a node joining a running cluster', () => {
  it('starts while another node writes contacts: the security script is not run again, so no table lock waits on the writer', async () => {
    await ownDatabase('join', async (own) => {
      await migrateDatabase(own, MIGRATIONS);
      // another node's transaction in the middle of an import: it holds contacts as an insert does
      const writer = new pg.Client(own);
      await writer.connect();
      try {
        await writer.query('begin');
        await writer.query('lock table contacts in row exclusive mode');
        const started = migrateDatabase(own, MIGRATIONS).then(() => 'started');
        const stuck = new Promise((resolve) => setTimeout(() => resolve('waited on the writer'), 10_000));
        expect(await Promise.race([started, stuck])).toBe('started');
      } finally {
        await writer.query('rollback').catch(() => {});
        await writer.end();
      }
    });
  }, 60_000);
});
