import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowVisibilitySamples } from '../../test/sample-entity';
import { createTestApp, type Client, type TestApp, type TestUser } from '../../test/harness';
import { inTenantTransaction } from './tenancy';

// A read-only request by a member seen before goes to PostgreSQL as one message on the
// membership this process remembers (tenancy.ts: readInOneMessage). The guess must never show:
// a changed role, a removed member or a failing statement answer as the classic path would.
const samples = rowVisibilitySamples({});

let t: TestApp;
let tenantId: string;
let owner: TestUser;
let admin: Client;
let bob: TestUser & { tenantUserId: string };
let bobClient: Client;
let aliceSample: string;

// the messages the server's connections send during `call`
async function messagesOf(call: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await call();
    return spy.mock.calls.map(([config]) => (typeof config === 'string' ? config : (config as { text: string }).text));
  } finally {
    spy.mockRestore();
  }
}

const roleOf = async (tenantUserId: string) =>
  (await t.sql<{ id: string }>('select role_id as id from tenant_users where id = $1', [tenantUserId]))[0]?.id;

beforeAll(async () => {
  t = await createTestApp({}, {}, { extraModules: [samples.module] });
  await t.sql(samples.tableSql);
  owner = await t.createUser();
  const tenant = await t.createTenant(owner);
  tenantId = tenant.id;
  admin = t.client(owner, tenant.id);
  const alice = t.client(await t.addMemberWith(tenant.id, ['Contact.ViewContacts', 'Contact.CreateContacts']), tenant.id);
  const created = await alice.post('/api/v1/samples', { name: 'Alice sample' });
  expect(created.status, created.text).toBe(201);
  aliceSample = created.body.id;
  bob = await t.addMemberWith(tenant.id, ['Contact.ViewContacts', 'Contact.ManageSettings']);
  bobClient = t.client(bob, tenant.id);
});
afterAll(async () => t.close());

describe('reads in one message', () => {
  it('sends a repeated read as one message: BEGIN READ ONLY, the entry, the statement, COMMIT', async () => {
    expect((await bobClient.get(`/api/v1/samples/${aliceSample}`)).status).toBe(200);
    const sent = await messagesOf(async () => {
      const res = await bobClient.get(`/api/v1/samples/${aliceSample}`);
      expect(res.status).toBe(200);
      expect(res.body.name).toBe('Alice sample');
      expect(res.headers.etag).toBe('"1"');
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(
      /^begin read only\n;\n(prepare atrium_enter\([^;]+ from atrium_enter_tenant\([^;]+\)\n;\n)?execute atrium_enter\('[^']+', '[^']+', [^;]+\)\n;\n(prepare "atrium_\w+_m" as [^;]+\n;\n)?execute "atrium_\w+_m"\('[^']+', '[^']+'\)\n;\ncommit$/,
    );
  });

  it('answers by the role as it is now: visibility and permissions follow a change at once', async () => {
    const role = await roleOf(bob.tenantUserId);
    expect((await bobClient.get(`/api/v1/samples/${aliceSample}`)).status).toBe(200);
    // without Contact.ManageSettings bob sees only his own samples: Alice's is not found
    await t.sql(`update roles set permissions = array['Contact.ViewContacts'] where id = $1`, [role]);
    const hidden = await bobClient.get(`/api/v1/samples/${aliceSample}`);
    expect(hidden.status).toBe(404);
    expect(hidden.headers.etag).toBeUndefined();
    expect((await bobClient.post('/api/v1/samples/list', {})).body.total).toBe(0);
    // without the view permission at all: refused
    await t.sql(`update roles set permissions = array[]::text[] where id = $1`, [role]);
    expect((await bobClient.get(`/api/v1/samples/${aliceSample}`)).status).toBe(403);
    await t.sql(`update roles set permissions = array['Contact.ViewContacts', 'Contact.ManageSettings'] where id = $1`, [role]);
    expect((await bobClient.get(`/api/v1/samples/${aliceSample}`)).status).toBe(200);
    expect((await bobClient.post('/api/v1/samples/list', {})).body.total).toBe(1);
  });

  it('refuses a member suspended since the last read, and reads again when reinstated', async () => {
    expect((await bobClient.get(`/api/v1/samples/${aliceSample}`)).status).toBe(200);
    await t.sql(`update tenant_users set status = 'suspended' where id = $1`, [bob.tenantUserId]);
    expect((await bobClient.get(`/api/v1/samples/${aliceSample}`)).status).toBe(403);
    await t.sql(`update tenant_users set status = 'active' where id = $1`, [bob.tenantUserId]);
    expect((await bobClient.get(`/api/v1/samples/${aliceSample}`)).status).toBe(200);
  });

  it('confirms what it remembers by the membership version, and honours a team’s grant and its recycle bin at once', async () => {
    expect((await bobClient.get(`/api/v1/samples/${aliceSample}`)).status).toBe(200);
    // the entry carries the version the membership was read under: unchanged, it reads no member
    const v = (await t.sql<{ v: string }>('select membership_version::text as v from tenants where id = $1', [tenantId]))[0]?.v;
    const sent = await messagesOf(async () => expect((await bobClient.get(`/api/v1/samples/${aliceSample}`)).status).toBe(200));
    expect(sent[0]).toContain(`, ${v})`);
    // bob's role loses ManageSettings: Alice's sample is out of his sight…
    const role = await roleOf(bob.tenantUserId);
    await t.sql(`update roles set permissions = array['Contact.ViewContacts'] where id = $1`, [role]);
    expect((await bobClient.get(`/api/v1/samples/${aliceSample}`)).status).toBe(404);
    // …until a team he joins grants it
    const [team] = await t.sql<{ id: string }>(`insert into teams (tenant_id, name) values ($1, 'Settings team') returning id`, [tenantId]);
    await t.sql(`insert into team_permissions (tenant_id, team_id, permissions) values ($1, $2, array['Contact.ManageSettings'])`, [
      tenantId,
      team!.id,
    ]);
    expect((await bobClient.get(`/api/v1/samples/${aliceSample}`)).status).toBe(404);
    await t.sql(`insert into team_members (tenant_id, team_id, tenant_user_id) values ($1, $2, $3)`, [
      tenantId,
      team!.id,
      bob.tenantUserId,
    ]);
    expect((await bobClient.get(`/api/v1/samples/${aliceSample}`)).status).toBe(200);
    // a team in the recycle bin grants nothing
    await t.sql(`update teams set deleted_at = now() where id = $1`, [team!.id]);
    expect((await bobClient.get(`/api/v1/samples/${aliceSample}`)).status).toBe(404);
    await t.sql(`update roles set permissions = array['Contact.ViewContacts', 'Contact.ManageSettings'] where id = $1`, [role]);
    expect((await bobClient.get(`/api/v1/samples/${aliceSample}`)).status).toBe(200);
  });

  it('keeps another workspace’s record out of reach', async () => {
    const other = await t.createTenant(owner);
    const theirs = await t.client(owner, other.id).post('/api/v1/samples', { name: 'Elsewhere' });
    expect(theirs.status).toBe(201);
    expect((await admin.get(`/api/v1/samples/${aliceSample}`)).status).toBe(200);
    expect((await admin.get(`/api/v1/samples/${theirs.body.id}`)).status).toBe(404);
  });

  it('answers a failing statement, a write and a nested transaction as the classic path does, and the pool goes on', async () => {
    const read = <T>(fn: Parameters<typeof inTenantTransaction<T>>[3]) =>
      inTenantTransaction(t.database, tenantId, owner.id, fn, { readOnly: true });
    // the guess is there: the owner has read before
    expect((await admin.get(`/api/v1/samples/${aliceSample}`)).status).toBe(200);
    // (Drizzle wraps the database's error: its cause is what PostgreSQL said)
    const failure = (pattern: RegExp) => ({ cause: expect.objectContaining({ message: expect.stringMatching(pattern) }) });
    await expect(read((tx) => tx.execute(sql`select 1 / ${0}::int as x`))).rejects.toMatchObject(failure(/division by zero/));
    await expect(read((tx) => tx.execute(sql`insert into samples (tenant_id, name) values (${tenantId}, 'x')`))).rejects.toMatchObject(
      failure(/read-only transaction/),
    );
    const nested = await read((tx) => tx.transaction(async (inner) => (await inner.execute(sql`select 41 + 1 as n`)).rows[0]));
    expect(nested).toEqual({ n: 42 });
    // parameters of every kind arrive as the extended protocol would bind them
    const text = `it's a \\ "test"`;
    let echoed: unknown;
    const sent = await messagesOf(async () => {
      echoed = await read(
        async (tx) =>
          (
            await tx.execute(
              sql`select ${text}::text as s, ${sql.param(['a', "b'c", null])}::text[] as a, ${JSON.stringify({ k: "v'" })}::jsonb as j, ${7}::int + 1 as n`,
            )
          ).rows[0],
      );
    });
    expect(sent).toEqual([expect.stringMatching(/prepare atrium_m_once as [^;]+\n;\nexecute atrium_m_once\(/)]);
    expect(echoed).toEqual({ s: text, a: ['a', "b'c", null], j: { k: "v'" }, n: 8 });
    // a statement ending in a line comment does not swallow the rest of its message
    const commented = await messagesOf(async () => {
      expect(await read(async (tx) => (await tx.execute(sql`select ${5}::int as n -- the end`)).rows)).toEqual([{ n: 5 }]);
    });
    expect(commented).toHaveLength(1);
    for (let i = 0; i < 12; i++) expect((await admin.get(`/api/v1/samples/${aliceSample}`)).status).toBe(200);
    expect((await t.sql('select count(*)::int as n from samples where name = $1', ['x']))[0].n).toBe(0);
  });
});
