import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowVisibilitySamples } from '../../../test/sample-entity';
import { createTestApp, type Client, type TestApp, type TestUser } from '../../../test/harness';
import { SseClient } from '../../../test/sse-client';

// Record events follow the entity engine's row visibility, not only the kind's view
// permission: members see the samples they created, holders of Contact.ManageSettings all.
const samples = rowVisibilitySamples({ archive: true });

let t: TestApp;
let base: string;
let tenantId: string;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
const streams: SseClient[] = [];

async function open(user: TestUser): Promise<SseClient> {
  const token = await t.tokenFor(user);
  const stream = await SseClient.open(`${base}/events`, { authorization: `Bearer ${token}`, 'x-tenant-id': tenantId });
  expect(stream.status).toBe(200);
  streams.push(stream);
  return stream;
}
const client = (u: TestUser): Client => t.client(u, tenantId);
const quiet = () => new Promise((r) => setTimeout(r, 400));

beforeAll(async () => {
  t = await createTestApp(
    {},
    {},
    {
      extraModules: [samples.module],
    },
  );
  await t.sql(samples.tableSql);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  admin = await t.createUser();
  tenantId = (await t.createTenant(admin)).id;
  alice = await t.addMember(tenantId, 'Member');
  bob = await t.addMember(tenantId, 'Member');
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

describe('record events and row visibility', () => {
  it('a member hears of the records they may see only; a deleted row only reaches members who see every row', async () => {
    const adminStream = await open(admin);
    const aliceStream = await open(alice);
    const bobStream = await open(bob);

    const created = await client(alice).post('/api/v1/samples', { name: 'Alice sample' });
    expect(created.status).toBe(201);
    const id: string = created.body.id;
    await aliceStream.waitFor((e) => e.data.includes(id) && e.data.includes('created'));
    await adminStream.waitFor((e) => e.data.includes(id) && e.data.includes('created'));

    const renamed = await client(alice).put(`/api/v1/samples/${id}`, { name: 'Alice renamed' }, { 'if-match': '"1"' });
    expect(renamed.status).toBe(200);
    await aliceStream.waitFor((e) => e.data.includes(id) && e.data.includes('updated'));

    expect((await client(admin).delete(`/api/v1/samples/${id}`)).status).toBe(204);
    await adminStream.waitFor((e) => e.data.includes(id) && e.data.includes('deleted'));
    await quiet();

    // bob cannot see alice's sample: not its creation, change or deletion
    expect(bobStream.events.filter((e) => e.data.includes(id))).toEqual([]);
    // alice could see it, but after the deletion there is no row left to check her against
    expect(
      aliceStream
        .parsed<{ id: string; action: string }>('record')
        .filter((r) => r.id === id)
        .map((r) => r.action),
    ).toEqual(['created', 'updated']);
  });
});
