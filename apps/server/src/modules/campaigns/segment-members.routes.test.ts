import type { Job } from '@atrium/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerMemberAndStranger, waitFor, type Client, type TestApp } from '../../../test/harness';
import { refreshSegments, runCampaigns, type TaskDeps } from './campaigns.service';
import { taskDepsOf } from './task-deps.test-util';

// Segment membership kept on each contact write (issue 24, decision 095): the changed contact
// alone is evaluated against every segment in the write's transaction — create, update,
// delete/restore, archive, merge and the states block/spam/unsubscribe; a segment's save
// rebuilds its own members; a repair job rebuilds one or all; relative dates are rebuilt once a
// day after the workspace's midnight; a filter naming a deleted custom field breaks nothing.
let t: TestApp;
let c: Client;
let other: Client;
let deps: TaskDeps;
let clock = new Date('2027-03-01T09:00:00Z');

type Row = { id: string; version: number; [k: string]: unknown };
const ifMatch = (v: number) => ({ 'if-match': `"${v}"` });
const count = async (segmentId: string) =>
  (await c.get(`/api/v1/segments/${segmentId}/count`)).body as { count: number; problem?: unknown };
const members = async (segmentId: string) =>
  (
    await t.sql<{ last_name: string }>(
      `select c.last_name from segment_members m join contacts c on c.id = m.contact_id where m.segment_id = $1 order by 1`,
      [segmentId],
    )
  ).map((r) => r.last_name);

async function contact(lastName: string, address: string): Promise<Row> {
  const res = await c.post('/api/v1/contacts', { firstName: 'Seg', lastName, email: `${lastName.toLowerCase()}@members.test`, address });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function segment(body: Record<string, unknown>): Promise<Row> {
  const res = await c.post('/api/v1/segments', { name: `Segment ${Math.random()}`, ...body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const inCity = (city: string) => ({ query: { filters: [{ field: 'address', op: 'contains', value: city }] } });
const job = async (id: string): Promise<Job> => (await c.get(`/api/v1/core/jobs/${id}`)).body;

beforeAll(async () => {
  // a node that runs jobs: the repair job is one
  t = await createTestApp({}, { ATRIUM_ROLE: 'all' });
  ({ c, other } = await ownerMemberAndStranger(t, ['Contact.ViewContacts']));
  deps = taskDepsOf(t, () => clock);
});
afterAll(async () => t?.close());

describe('segment members', () => {
  it('a contact edit moves it in and out; a save rebuilds the segment; the recipients page reads the members', async () => {
    const anna = await contact('Anna', 'Mitte, Berlin');
    await contact('Ben', 'Schwabing, München');
    const berlin = await segment(inCity('Berlin'));
    expect(await members(berlin.id)).toEqual(['Anna']);
    const ben = await contact('Bert', 'Kreuzberg, Berlin');
    expect(await count(berlin.id)).toEqual({ count: 2 });
    // moved away: out, in the same request
    const moved = await c.patch(
      `/api/v1/contacts/${ben.id}`,
      [{ op: 'replace', path: '/address', value: 'Altona, Hamburg' }],
      ifMatch(ben.version),
    );
    expect(moved.status, moved.text).toBe(200);
    expect(await members(berlin.id)).toEqual(['Anna']);
    const back = await c.patch(
      `/api/v1/contacts/${ben.id}`,
      [{ op: 'replace', path: '/address', value: 'Wedding, Berlin' }],
      ifMatch(moved.body.version),
    );
    expect(back.status, back.text).toBe(200);
    expect(await members(berlin.id)).toEqual(['Anna', 'Bert']);
    // the segment's own save (a new filter, a pick and an exclusion) rebuilds it
    const munich = await contact('Mia', 'Haidhausen, München');
    const saved = await c.put(
      `/api/v1/segments/${berlin.id}`,
      { name: berlin.name, query: inCity('München').query, includedIds: [anna.id], excludedIds: [munich.id] },
      ifMatch(berlin.version),
    );
    expect(saved.status, saved.text).toBe(200);
    expect(await members(berlin.id)).toEqual(['Anna', 'Ben']);
    const listed = await c.post(`/api/v1/segments/${berlin.id}/recipients`, { page: 1, pageSize: 25 });
    expect((listed.body.data as Row[]).map((r) => r.lastName).sort()).toEqual(['Anna', 'Ben']);
    // another workspace: 404
    expect((await other.get(`/api/v1/segments/${berlin.id}/count`)).status).toBe(404);
  });

  it('block, spam and unsubscribe take a contact out, lifting them brings it back; delete/restore and archive too', async () => {
    const s = await segment(inCity('Potsdam'));
    const p = await contact('Paula', 'Potsdam');
    expect(await members(s.id)).toEqual(['Paula']);
    expect((await c.put(`/api/v1/contacts/${p.id}/block`, { blocked: true })).status).toBe(200);
    expect(await members(s.id)).toEqual([]);
    expect((await c.put(`/api/v1/contacts/${p.id}/block`, { blocked: false })).status).toBe(200);
    expect(await members(s.id)).toEqual(['Paula']);
    expect((await c.post(`/api/v1/contacts/${p.id}/spam`)).status).toBe(200);
    expect(await count(s.id)).toEqual({ count: 0 });
    expect((await c.put(`/api/v1/contacts/${p.id}/unspam`)).status).toBe(200);
    expect((await c.put(`/api/v1/contacts/${p.id}/unsubscribe`, { unsubscribed: true })).status).toBe(200);
    expect(await count(s.id)).toEqual({ count: 0 });
    expect((await c.put(`/api/v1/contacts/${p.id}/unsubscribe`, { unsubscribed: false })).status).toBe(200);
    expect(await count(s.id)).toEqual({ count: 1 });
    expect((await c.delete(`/api/v1/contacts/${p.id}`)).status).toBe(204);
    expect(await count(s.id)).toEqual({ count: 0 });
    expect((await c.post('/api/v1/contacts/restore', { ids: [p.id] })).status).toBe(200);
    expect(await count(s.id)).toEqual({ count: 1 });
    expect((await c.post('/api/v1/contacts/archive', { ids: [p.id] })).status).toBe(200);
    expect(await count(s.id)).toEqual({ count: 0 });
    expect((await c.post('/api/v1/contacts/unarchive', { ids: [p.id] })).status).toBe(200);
    expect(await count(s.id)).toEqual({ count: 1 });
  });

  it('tagging a contact moves it into a segment that selects the tag, untagging out', async () => {
    const tag = await c.post('/api/v1/core/tags', { name: `VIP ${Math.random()}` });
    expect(tag.status, tag.text).toBe(201);
    const s = await segment({ query: { filters: [], tags: [tag.body.id] } });
    const v = await contact('Vera', 'Jena');
    expect(await members(s.id)).toEqual([]);
    const tagged = await c.put(`/api/v1/core/tags/entity?entityKind=Contact&entityId=${v.id}`, { tagIds: [tag.body.id] });
    expect(tagged.status, tagged.text).toBe(200);
    expect(await members(s.id)).toEqual(['Vera']);
    expect((await c.put(`/api/v1/core/tags/entity?entityKind=Contact&entityId=${v.id}`, { tagIds: [] })).status).toBe(200);
    expect(await members(s.id)).toEqual([]);
  });

  it('a merge keeps the survivor by its merged values and takes the other out', async () => {
    const s = await segment(inCity('Leipzig'));
    const keep = await contact('Lena', 'Dresden');
    const gone = await contact('Lene', 'Leipzig');
    expect(await members(s.id)).toEqual(['Lene']);
    const res = await c.post(
      `/api/v1/contacts/${keep.id}/merge`,
      { otherId: gone.id, otherVersion: gone.version, take: { address: 'other' } },
      ifMatch(keep.version),
    );
    expect(res.status, res.text).toBe(200);
    expect(await members(s.id)).toEqual(['Lena']);
  });

  it('the repair job fixes a damaged table, for one segment or all', async () => {
    const s = await segment(inCity('Köln'));
    const k = await contact('Karl', 'Köln');
    const stray = await contact('Stray', 'Bonn');
    // damaged behind the server's back: a member lost, a stranger added
    await t.sql(`delete from segment_members where segment_id = $1`, [s.id]);
    await t.sql(`insert into segment_members (tenant_id, segment_id, contact_id) select tenant_id, $1, id from contacts where id = $2`, [
      s.id,
      stray.id,
    ]);
    expect(await members(s.id)).toEqual(['Stray']);
    const started = await c.post('/api/v1/segments/rebuild', { segmentId: s.id });
    expect(started.status, started.text).toBe(200);
    await waitFor('the rebuild', async () => (await job(started.body.id)).status === 'succeeded');
    expect(await members(s.id)).toEqual(['Karl']);
    expect(k.id).toBeTruthy();
    // every segment of the workspace
    await t.sql(`delete from segment_members where segment_id = $1`, [s.id]);
    const all = await c.post('/api/v1/segments/rebuild', {});
    expect(all.status, all.text).toBe(200);
    await waitFor('the rebuild of all', async () => (await job(all.body.id)).status === 'succeeded');
    expect((await job(all.body.id)).progress.done).toBeGreaterThanOrEqual(4);
    expect(await members(s.id)).toEqual(['Karl']);
    // bad input names the field; another workspace's segment is 404
    const bad = await c.post('/api/v1/segments/rebuild', { segmentId: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'segmentId' });
    expect((await other.post('/api/v1/segments/rebuild', { segmentId: s.id })).status).toBe(404);
  });

  it('relative dates are rebuilt once a day after local midnight, other segments not', async () => {
    const recent = await segment({ query: { filters: [{ field: 'createdAt', op: 'inLast', value: 30 }] } });
    const plain = await segment(inCity('Erfurt'));
    await contact('Emma', 'Erfurt');
    // both damaged and built "yesterday"
    await t.sql(`delete from segment_members where segment_id = any($1::uuid[])`, [[recent.id, plain.id]]);
    await t.sql(`update segments set members_rebuilt_at = now() - interval '2 days' where id = any($1::uuid[])`, [[recent.id, plain.id]]);
    clock = new Date();
    await refreshSegments(deps);
    expect((await count(recent.id)).count).toBeGreaterThan(0);
    expect(await members(plain.id)).toEqual([]);
    // a second run the same day finds nothing to do
    const [row] = await t.sql<{ at: string }>(`select members_rebuilt_at::text as at from segments where id = $1`, [recent.id]);
    await refreshSegments(deps);
    const [again] = await t.sql<{ at: string }>(`select members_rebuilt_at::text as at from segments where id = $1`, [recent.id]);
    expect(again!.at).toBe(row!.at);
  });

  it('a filter naming a deleted custom field: no 500 on contact writes, the count says why, a scheduled campaign is suspended once', async () => {
    const put = (fields: unknown[]) => c.put('/api/v1/core/entity-fields?entity=Contact', { fields });
    expect((await put([{ kind: 'singleLine', label: 'Region', key: 'region', dataType: 'text' }])).status).toBe(200);
    const s = await segment({ query: { filters: [{ field: 'customFields.region', op: 'eq', value: 'North' }] } });
    const n = await c.post('/api/v1/contacts', {
      firstName: 'Nora',
      lastName: 'North',
      email: 'nora@members.test',
      customFields: { region: 'North' },
    });
    expect(n.status, n.text).toBe(201);
    expect(await count(s.id)).toEqual({ count: 1 });
    const tpl = await c.post('/api/v1/core/email-templates', { entityKind: 'Contact', name: 'N', subject: 'Hi', body: 'Hello' });
    const k = await c.post('/api/v1/campaigns', {
      name: 'Northern news',
      segmentIds: [s.id],
      emailTemplateId: tpl.body.id,
      scheduledAt: '2027-03-01T10:00:00.000Z',
    });
    expect(k.status, k.text).toBe(201);
    clock = new Date('2027-03-01T09:00:00Z');
    const sched = await c.put(`/api/v1/campaigns/${k.body.id}/schedule`);
    expect(sched.status, sched.text).toBe(200);
    // the field goes
    expect((await put([])).status).toBe(200);
    // contact writes go on (the broken segment keeps its members as they were)
    const edited = await c.patch(
      `/api/v1/contacts/${n.body.id}`,
      [{ op: 'replace', path: '/lastName', value: 'Nord' }],
      ifMatch(n.body.version),
    );
    expect(edited.status, edited.text).toBe(200);
    expect(await contact('Nils', 'Kiel')).toBeTruthy();
    const counted = await count(s.id);
    expect(counted).toMatchObject({ count: 1, problem: { field: 'query.filters.0.field', code: 'unknownField' } });
    // sending now is refused naming the segment
    const now = await c.put(`/api/v1/campaigns/${k.body.id}/send`);
    expect(now.status).toBe(409);
    expect(now.body.errors[0]).toMatchObject({ field: 'segmentIds.0', code: 'segmentFilterBroken' });
    // its time comes: suspended once, saying why; the next minutes change nothing
    clock = new Date('2027-03-01T10:01:00Z');
    await runCampaigns(deps);
    const after = (await c.get(`/api/v1/campaigns/${k.body.id}`)).body as Row;
    expect(after).toMatchObject({ status: 'Suspended', lastAction: 'SegmentBroken', recipients: 0 });
    expect(String(after.lastActionNote)).toContain('customFields.region');
    clock = new Date('2027-03-01T10:02:00Z');
    await runCampaigns(deps);
    const later = (await c.get(`/api/v1/campaigns/${k.body.id}`)).body as Row;
    expect(later.lastActionAt).toBe(after.lastActionAt);
    expect(later.version).toBe(after.version);
    // the repair job leaves the broken segment as it was and says so
    const repair = await c.post('/api/v1/segments/rebuild', { segmentId: s.id });
    await waitFor('the rebuild', async () => (await job(repair.body.id)).status === 'succeeded');
    expect((await job(repair.body.id)).progress).toMatchObject({ done: 1, errors: 1 });
    expect(await count(s.id)).toMatchObject({ count: 1 });
  });
});
