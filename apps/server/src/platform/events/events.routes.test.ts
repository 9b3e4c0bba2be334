import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp, type TestUser } from '../../../test/harness';
import { SseClient } from '../../../test/sse-client';
import { enterTenant } from '../tenancy';
import { issueEventTicket, ticketKey } from './event-ticket';
import { publishRecordEvent } from './live-events.service';

let t: TestApp;
let base: string;
let owner: TestUser;
let colleague: TestUser & { tenantUserId: string };
// a member whose role holds no contact permission
let outsider: TestUser & { tenantUserId: string };
let tenant: { id: string };
let otherOwner: TestUser;
let otherTenant: { id: string };
const streams: SseClient[] = [];

async function open(user: TestUser, tenantId: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const ticket = await t.client(user, tenantId).post('/api/v1/core/events/ticket');
  expect(ticket.status).toBe(200);
  const stream = await SseClient.open(`${base}/events?ticket=${encodeURIComponent(ticket.body.ticket)}`, headers);
  streams.push(stream);
  expect(stream.status).toBe(200);
  return stream;
}

const createContact = async (c: Client, firstName: string) => {
  const res = await c.post('/api/v1/contacts', { firstName, email: `${firstName.toLowerCase()}@example.com` });
  expect(res.status).toBe(201);
  return res.body as { id: string; version: number };
};
const quiet = () => new Promise((r) => setTimeout(r, 400));

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  owner = await t.createUser({ name: 'Olivia Owner' });
  tenant = await t.createTenant(owner);
  colleague = await t.addMember(tenant.id, 'Member', await t.createUser({ name: 'Carl Colleague' }));
  outsider = await t.addMember(tenant.id, 'PortalUser', await t.createUser({ name: 'Paula Portal' }));
  otherOwner = await t.createUser();
  otherTenant = await t.createTenant(otherOwner);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

describe('GET /events', () => {
  it('opens a stream with a ticket; refuses a missing, forged, expired or non-member ticket', async () => {
    const stream = await open(owner, tenant.id);
    expect(stream.contentType).toContain('text/event-stream');

    const none = await SseClient.open(`${base}/events`);
    expect(none.status).toBe(401);
    expect(none.contentType).toContain('application/problem+json');

    const forged = await SseClient.open(`${base}/events?ticket=${encodeURIComponent('eyJ1IjoieCJ9.bad')}`);
    expect(forged.status).toBe(401);

    const key = ticketKey(t.config.sessionSecret);
    const expired = issueEventTicket(key, owner.id, tenant.id, Date.now() - 120_000);
    expect((await SseClient.open(`${base}/events?ticket=${encodeURIComponent(expired.ticket)}`)).status).toBe(401);

    // a valid signature for a workspace the user does not belong to
    const foreign = issueEventTicket(key, owner.id, otherTenant.id);
    const refused = await SseClient.open(`${base}/events?ticket=${encodeURIComponent(foreign.ticket)}`);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).code).toBe('accessDenied');
  });

  it('also opens with Authorization and X-Tenant-Id, like any API call', async () => {
    const token = await t.tokenFor(owner);
    const stream = await SseClient.open(`${base}/events`, { authorization: `Bearer ${token}`, 'x-tenant-id': tenant.id });
    streams.push(stream);
    expect(stream.status).toBe(200);
    const noTenant = await SseClient.open(`${base}/events`, { authorization: `Bearer ${token}` });
    expect(noTenant.status).toBe(400);
  });

  it('delivers record events (ids, kind, version, never data) to members who may view the kind, and nothing to others or another workspace', async () => {
    const ownerStream = await open(owner, tenant.id);
    const outsiderStream = await open(outsider, tenant.id);
    const otherStream = await open(otherOwner, otherTenant.id);

    const c = t.client(colleague, tenant.id);
    const created = await createContact(c, 'Grace');
    const hit = await ownerStream.waitFor((e) => e.event === 'record' && e.data.includes(created.id));
    // the actor's user id lets the author's other tabs say "you saved this" (decision 061)
    expect(JSON.parse(hit.data)).toEqual({ kind: 'Contact', id: created.id, version: 1, action: 'created', actorId: colleague.id });
    expect(hit.id).toMatch(/^\d+$/);
    expect(hit.data).not.toContain('Grace');

    const updated = await c.put(`/api/v1/contacts/${created.id}`, { firstName: 'Grace H' }, { 'if-match': '"1"' });
    expect(updated.status).toBe(200);
    await ownerStream.waitFor((e) => e.event === 'record' && e.data.includes('"version":2'));
    await c.post('/api/v1/contacts/archive', { ids: [created.id] });
    await ownerStream.waitFor((e) => e.event === 'record' && e.data.includes('"archived"'));
    await c.delete(`/api/v1/contacts/${created.id}`);
    await ownerStream.waitFor((e) => e.event === 'record' && e.data.includes('"deleted"'));
    expect(ownerStream.parsed<{ action: string }>('record').map((r) => r.action)).toEqual(['created', 'updated', 'archived', 'deleted']);

    // a write in the other workspace reaches its own member only
    const theirs = await createContact(t.client(otherOwner, otherTenant.id), 'Other');
    await otherStream.waitFor((e) => e.data.includes(theirs.id));
    await quiet();
    expect(outsiderStream.events).toEqual([]);
    expect(ownerStream.events.some((e) => e.data.includes(theirs.id))).toBe(false);
    expect(otherStream.events.some((e) => e.data.includes(created.id))).toBe(false);
  });

  it('delivers an event when its transaction commits, never when it rolls back', async () => {
    const stream = await open(owner, tenant.id);
    const publishIn = async (id: string, commit: boolean) =>
      t.database.db
        .transaction(async (tx) => {
          const member = await enterTenant(tx, tenant.id, owner.id);
          if (!member) throw new Error('not a member');
          await publishRecordEvent(
            { tenantId: tenant.id, user: owner, db: tx, ...member },
            { kind: 'Contact', id, version: 1, action: 'created' },
          );
          if (!commit) throw new Error('roll back');
        })
        .catch(() => {});
    const rolledBack = crypto.randomUUID();
    const committed = crypto.randomUUID();
    await publishIn(rolledBack, false);
    await publishIn(committed, true);
    await stream.waitFor((e) => e.data.includes(committed));
    await quiet();
    expect(stream.events.some((e) => e.data.includes(rolledBack))).toBe(false);
    expect(await t.sql(`select 1 from live_events where data->>'id' = $1`, [rolledBack])).toEqual([]);
  });

  it('delivers a notification event to its recipient only', async () => {
    const colleagueStream = await open(colleague, tenant.id);
    const ownerStream = await open(owner, tenant.id);
    const body = `<p>Look <span class="mention" data-mention-id="${colleague.tenantUserId}">@Carl Colleague</span></p>`;
    const contact = await createContact(t.client(owner, tenant.id), 'Noted');
    const note = await t.client(owner, tenant.id).post('/api/v1/core/notes', { entityKind: 'Contact', entityId: contact.id, body });
    expect(note.status).toBe(201);
    const event = await colleagueStream.waitFor((e) => e.event === 'notification');
    const [stored] = await t.sql<{ id: string }>(`select id from notifications where recipient_id = $1`, [colleague.tenantUserId]);
    expect(JSON.parse(event.data)).toEqual({ id: stored?.id });
    await quiet();
    expect(ownerStream.events.filter((e) => e.event === 'notification')).toEqual([]);
  });

  it('delivers job progress to the member who started the job, not to a colleague', async () => {
    const ownerStream = await open(owner, tenant.id);
    const admin = await t.addMember(tenant.id, 'Admin');
    const adminStream = await open(admin, tenant.id);
    const started = await t.client(owner, tenant.id).post('/api/v1/core/housekeeping', {});
    expect(started.status).toBe(201);
    const event = await ownerStream.waitFor((e) => e.event === 'job');
    expect(JSON.parse(event.data)).toMatchObject({ id: started.body.id, type: 'housekeeping.workspace', status: 'queued' });
    await quiet();
    expect(adminStream.events.filter((e) => e.event === 'job')).toEqual([]);
  });

  it('a new stream starts with the events of the last half minute, so a page loaded just before misses nothing', async () => {
    const before = await createContact(t.client(owner, tenant.id), 'JustBefore');
    const fresh = await open(owner, tenant.id);
    const replayed = await fresh.waitFor((e) => e.data.includes(before.id));
    expect(JSON.parse(replayed.data)).toMatchObject({ id: before.id, action: 'created' });
    // older events are not replayed to a new stream
    await t.sql(`update live_events set created_at = now() - interval '1 minute' where data->>'id' = $1`, [before.id]);
    const later = await open(owner, tenant.id);
    const marker = await createContact(t.client(owner, tenant.id), 'Marker');
    await later.waitFor((e) => e.data.includes(marker.id));
    expect(later.events.some((e) => e.data.includes(before.id))).toBe(false);
  });

  it('resumes after a reconnect from Last-Event-ID: what was missed, in order, nothing older', async () => {
    const first = await open(owner, tenant.id);
    const c = t.client(owner, tenant.id);
    const seen = await createContact(c, 'Seen');
    const last = await first.waitFor((e) => e.data.includes(seen.id));
    first.close();

    const missed1 = await createContact(c, 'MissedOne');
    const missed2 = await createContact(c, 'MissedTwo');
    // EventSource sends the header itself when it reconnects
    const again = await open(owner, tenant.id, { 'last-event-id': String(last.id) });
    await again.waitFor((e) => e.data.includes(missed2.id));
    const ids = again.parsed<{ id: string }>('record').map((r) => r.id);
    expect(ids).toEqual([missed1.id, missed2.id]);

    // a new stream (new ticket) passes it as a query parameter
    const ticket = await c.post('/api/v1/core/events/ticket');
    const third = await SseClient.open(`${base}/events?ticket=${encodeURIComponent(ticket.body.ticket)}&lastEventId=${last.id}`);
    streams.push(third);
    await third.waitFor((e) => e.data.includes(missed2.id));
    expect(third.parsed<{ id: string }>('record').map((r) => r.id)).toEqual([missed1.id, missed2.id]);

    // replay applies the same rules: the portal user gets none of them
    const outsiderAgain = await open(outsider, tenant.id, { 'last-event-id': String(last.id) });
    await quiet();
    expect(outsiderAgain.events.filter((e) => e.event === 'record')).toEqual([]);
  });
});
