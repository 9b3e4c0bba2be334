import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp, type TestUser } from '../../../test/harness';
import { RULE_EVENTS } from '@atrium/domain';

// Notification rules: events on records → in-app and/or e-mail to the assignee, the owner, the
// collaborators or a team, and each member's e-mail choice per event.
let t: TestApp;
let owner: TestUser;
let tenant: { id: string };
let c: Client;
let colleague: TestUser & { tenantUserId: string };

const mailsTo = async (email: string) =>
  (
    await t.sql<{ subject: string; text: string }>(`select subject, text from mail_outbox where "to" = $1 order by created_at`, [email])
  ).map((m) => m.subject);
const inbox = async (user: TestUser) =>
  (await t.client(user, tenant.id).get('/api/v1/core/notifications')).body.data as { cause: string; body: string }[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser({ name: 'Olivia Owner' });
  tenant = await t.createTenant(owner);
  c = t.client(owner, tenant.id);
  colleague = await t.addMember(tenant.id, 'Member', await t.createUser({ name: 'Carl Colleague' }));
});
afterAll(async () => t.close());

describe('notification rules', () => {
  it('are created, listed, updated and deleted; bad rules are refused naming the field', async () => {
    const rule = { event: 'stageChanged', entityKind: 'Contact', inApp: true, email: false, recipients: [{ type: 'collaborators' }] };
    const created = await c.post('/api/v1/core/notification-rules', rule);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ ...rule, active: true });
    const list = await c.post('/api/v1/core/notification-rules/list', { event: 'stageChanged' });
    expect(list.body).toMatchObject({ total: 1, data: [{ id: created.body.id }] });
    const updated = await c.put(`/api/v1/core/notification-rules/${created.body.id}`, { ...rule, email: true, active: false });
    expect(updated.body).toMatchObject({ email: true, active: false });

    const bad = async (body: unknown) => (await c.post('/api/v1/core/notification-rules', body)).body.errors?.[0];
    expect(await bad({ ...rule, event: 'weatherChanged' })).toMatchObject({ field: 'event', code: 'unknownEvent' });
    expect(await bad({ ...rule, recipients: [] })).toMatchObject({ field: 'recipients', code: 'required' });
    expect(await bad({ ...rule, recipients: [{ type: 'boss' }] })).toMatchObject({ field: 'recipients.0.type' });
    expect(await bad({ ...rule, inApp: false, email: false })).toMatchObject({ field: 'email', code: 'required' });
    expect(await bad({ ...rule, entityKind: 'Nope' })).toMatchObject({ field: 'entityKind' });
    expect(await bad({ ...rule, recipients: [{ type: 'team', teamId: '00000000-0000-4000-8000-000000000000' }] })).toMatchObject({
      field: 'recipients.0.teamId',
      code: 'notFound',
    });
    // members read rules but do not change them
    const m = t.client(colleague, tenant.id);
    expect((await m.post('/api/v1/core/notification-rules/list', {})).status).toBe(200);
    expect((await m.post('/api/v1/core/notification-rules', rule)).status).toBe(403);
    expect((await c.delete(`/api/v1/core/notification-rules/${created.body.id}`)).status).toBe(204);
    expect((await c.put(`/api/v1/core/notification-rules/${created.body.id}`, rule)).status).toBe(404);
  });

  it('e-mails the assignee when a record is assigned to them (added as collaborator by someone else), unless they turned it off', async () => {
    const rule = await c.post('/api/v1/core/notification-rules', {
      event: 'recordAssigned',
      entityKind: 'Contact',
      inApp: true,
      email: true,
      recipients: [{ type: 'assignee' }],
    });
    expect(rule.status).toBe(201);
    const contact = await c.post('/api/v1/contacts', { firstName: 'Ada', lastName: 'Lovelace' });
    const before = await mailsTo(colleague.email);
    const notesBefore = (await inbox(colleague)).length;
    await c.post('/api/v1/core/collaborators', {
      entityKind: 'Contact',
      entityId: contact.body.id,
      tenantUserIds: [colleague.tenantUserId],
    });
    expect((await mailsTo(colleague.email)).slice(before.length)).toEqual(['Olivia Owner assigned the contact Ada Lovelace']);
    // in the app once: the collaborator notification already tells them
    expect((await inbox(colleague)).length - notesBefore).toBe(1);
    // the actor is never notified of their own act
    expect(await mailsTo(owner.email)).toEqual([]);

    // the colleague turns e-mail off for assignments
    const m = t.client(colleague, tenant.id);
    const prefs = await m.put('/api/v1/core/profile/notification-preferences', {
      preferences: [{ event: 'recordAssigned', email: false }],
    });
    expect(prefs.status).toBe(200);
    expect(prefs.body).toContainEqual({ event: 'recordAssigned', email: false });
    expect((await m.get('/api/v1/core/profile/notification-preferences')).body).toContainEqual({ event: 'stageChanged', email: true });
    const other = await c.post('/api/v1/contacts', { firstName: 'Bob' });
    const count = (await mailsTo(colleague.email)).length;
    await c.post('/api/v1/core/collaborators', { entityKind: 'Contact', entityId: other.body.id, tenantUserIds: [colleague.tenantUserId] });
    expect((await mailsTo(colleague.email)).length).toBe(count);
    // following a record yourself is no assignment
    await m.put('/api/v1/core/profile/notification-preferences', { preferences: [{ event: 'recordAssigned', email: true }] });
    const third = await c.post('/api/v1/contacts', { firstName: 'Cleo' });
    await m.post('/api/v1/core/collaborators', { entityKind: 'Contact', entityId: third.body.id });
    expect((await mailsTo(colleague.email)).length).toBe(count);
  });

  it('tells the collaborators in the app when the stage changes, with the new stage', async () => {
    await c.post('/api/v1/core/notification-rules', {
      event: 'stageChanged',
      entityKind: null,
      inApp: true,
      email: false,
      recipients: [{ type: 'collaborators' }],
    });
    const workflow = (await c.post('/api/v1/core/workflows', { entity: 'Contact', name: 'Lifecycle', isDefault: true })).body as {
      stages: { id: string; name: string }[];
    };
    const contact = await c.post('/api/v1/contacts', { firstName: 'Grace', lastName: 'Hopper' });
    await t.client(colleague, tenant.id).post('/api/v1/core/collaborators', { entityKind: 'Contact', entityId: contact.body.id });
    const next = workflow.stages.find((s) => s.id !== contact.body.workflowStage)!;
    const mails = (await mailsTo(colleague.email)).length;
    const res = await c.patch(`/api/v1/contacts/${contact.body.id}`, [{ op: 'replace', path: '/workflowStage', value: next.id }], {
      'if-match': `"${contact.body.version}"`,
    });
    expect(res.status, res.text).toBe(200);
    const latest = (await inbox(colleague))[0];
    expect(latest).toMatchObject({ cause: 'stageChanged', body: next.name });
    expect((await mailsTo(colleague.email)).length).toBe(mails);
    // no change of stage, no notification
    const n = (await inbox(colleague)).length;
    const renamed = await c.patch(`/api/v1/contacts/${contact.body.id}`, [{ op: 'replace', path: '/lastName', value: 'Hopper-Murray' }], {
      'if-match': `"${res.body.version}"`,
    });
    expect(renamed.status).toBe(200);
    expect((await inbox(colleague)).length).toBe(n);
  });

  it('a rule added or switched off by anyone (another node, by SQL) applies to the next change', async () => {
    // the rules are cached with the workspace's definitions: its version trigger covers them
    const boss = await t.createUser({ name: 'Bea Boss' });
    const own = await t.createTenant(boss);
    const b = t.client(boss, own.id);
    const helper = await t.addMember(own.id, 'Member', await t.createUser({ name: 'Hal Helper' }));
    const workflow = (await b.post('/api/v1/core/workflows', { entity: 'Contact', name: 'Lifecycle', isDefault: true })).body as {
      stages: { id: string }[];
    };
    const contact = (await b.post('/api/v1/contacts', { firstName: 'Kept' })).body as { id: string; version: number };
    await t.client(helper, own.id).post('/api/v1/core/collaborators', { entityKind: 'Contact', entityId: contact.id });
    const helperInbox = async () => (await t.client(helper, own.id).get('/api/v1/core/notifications')).body.data as { cause: string }[];
    let version = contact.version;
    const move = async (stage: { id: string } | undefined) => {
      const res = await b.patch(`/api/v1/contacts/${contact.id}`, [{ op: 'replace', path: '/workflowStage', value: stage?.id }], {
        'if-match': `"${version}"`,
      });
      expect(res.status, res.text).toBe(200);
      version = res.body.version;
    };
    await move(workflow.stages[1]);
    const quiet = (await helperInbox()).filter((n) => n.cause === 'stageChanged').length;
    expect(quiet).toBe(0);

    const [rule] = await t.sql<{ id: string }>(
      `insert into notification_rules (tenant_id, event, entity_kind, in_app, email, recipients)
       values ($1, 'stageChanged', 'Contact', true, false, '[{"type":"collaborators"}]'::jsonb) returning id`,
      [own.id],
    );
    await move(workflow.stages[2]);
    expect((await helperInbox()).filter((n) => n.cause === 'stageChanged').length).toBe(1);

    await t.sql(`update notification_rules set active = false where id = $1`, [rule!.id]);
    await move(workflow.stages[0]);
    expect((await helperInbox()).filter((n) => n.cause === 'stageChanged').length).toBe(1);
  });

  it('e-mails the collaborators when someone is mentioned, and the mentioned person only once', async () => {
    await c.post('/api/v1/core/notification-rules', {
      event: 'mentioned',
      entityKind: 'Contact',
      inApp: false,
      email: true,
      recipients: [{ type: 'assignee' }, { type: 'collaborators' }],
    });
    const third = await t.addMember(tenant.id, 'Member', await t.createUser({ name: 'Tina Third' }));
    const contact = await c.post('/api/v1/contacts', { firstName: 'Alan', lastName: 'Turing' });
    await t.client(third, tenant.id).post('/api/v1/core/collaborators', { entityKind: 'Contact', entityId: contact.body.id });
    const before = (await mailsTo(colleague.email)).length;
    const thirdBefore = (await mailsTo(third.email)).length;
    const note = await c.post('/api/v1/core/notes', {
      entityKind: 'Contact',
      entityId: contact.body.id,
      body: `<p>Ask <span data-mention-id="${colleague.tenantUserId}">@Carl Colleague</span></p>`,
    });
    expect(note.status, note.text).toBe(201);
    expect((await mailsTo(colleague.email)).length - before).toBe(1);
    expect((await mailsTo(third.email)).slice(thirdBefore)).toEqual(['Olivia Owner added a note to the contact Alan Turing']);
  });

  it('e-mails the member a user field assigns the record to, and tells the owner and a team of stage changes', async () => {
    await c.post('/api/v1/core/notification-rules', {
      event: 'recordAssigned',
      entityKind: 'Opportunity',
      inApp: false,
      email: true,
      recipients: [{ type: 'assignee' }],
    });
    const before = (await mailsTo(colleague.email)).length;
    // the owner defaults to the creator: no mail to anyone for one's own record
    const mine = await c.post('/api/v1/opportunities', { name: 'Own deal' });
    expect(mine.status, mine.text).toBe(201);
    expect(await mailsTo(owner.email)).toEqual([]);
    const deal = await c.post('/api/v1/opportunities', { name: 'Desks for Contoso', ownerId: colleague.tenantUserId });
    expect(deal.status, deal.text).toBe(201);
    expect((await mailsTo(colleague.email)).slice(before)).toEqual(['Olivia Owner assigned the opportunity Desks for Contoso']);
    // handing it over to someone else assigns it again; saving it unchanged does not
    const ted = await t.addMember(tenant.id, 'Member', await t.createUser({ name: 'Ted Team' }));
    const moved = await c.patch(`/api/v1/opportunities/${deal.body.id}`, [{ op: 'replace', path: '/ownerId', value: ted.tenantUserId }], {
      'if-match': `"${deal.body.version}"`,
    });
    expect(moved.status, moved.text).toBe(200);
    expect(await mailsTo(ted.email)).toEqual(['Olivia Owner assigned the opportunity Desks for Contoso']);

    // stage changes: to the owner and to a team
    const team = await c.post('/api/v1/teams', { name: 'Deal desk' });
    expect(team.status, team.text).toBe(201);
    expect((await c.patch(`/api/v1/teams/${team.body.id}/members`, { add: [colleague.tenantUserId] })).status).toBe(200);
    const rule = await c.post('/api/v1/core/notification-rules', {
      event: 'stageChanged',
      entityKind: 'Opportunity',
      inApp: true,
      email: false,
      recipients: [{ type: 'owner' }, { type: 'team', teamId: team.body.id }],
    });
    expect(rule.status, rule.text).toBe(201);
    const pipeline = (await c.post('/api/v1/core/workflows', { entity: 'Opportunity', name: 'Sales', isDefault: true })).body as {
      stages: { id: string; name: string }[];
    };
    const next = pipeline.stages.find((x) => x.id !== moved.body.workflowStage)!;
    const staged = await c.patch(`/api/v1/opportunities/${deal.body.id}`, [{ op: 'replace', path: '/workflowStage', value: next.id }], {
      'if-match': `"${moved.body.version}"`,
    });
    expect(staged.status, staged.text).toBe(200);
    expect((await inbox(ted))[0]).toMatchObject({ cause: 'stageChanged', body: next.name });
    expect((await inbox(colleague))[0]).toMatchObject({ cause: 'stageChanged', body: next.name });
  });
});

describe('notification preferences (issue 25)', () => {
  it('refuse an event named twice and a made-up event with 400 naming the field and rule, leaving the stored choices unchanged', async () => {
    const m = t.client(await t.addMember(tenant.id, 'Member'), tenant.id);
    const url = '/api/v1/core/profile/notification-preferences';
    expect((await m.put(url, { preferences: [{ event: 'mentioned', email: false }] })).status).toBe(200);
    const stored = () => t.sql(`select event, email from notification_preferences where tenant_id = $1 order by event, email`, [tenant.id]);
    const before = await stored();

    const twice = await m.put(url, {
      preferences: [
        { event: 'stageChanged', email: false },
        { event: 'stageChanged', email: true },
      ],
    });
    expect(twice.status, twice.text).toBe(400);
    expect(twice.body.errors).toContainEqual(expect.objectContaining({ field: 'preferences.1.event', code: 'duplicate' }));

    const madeUp = await m.put(url, { preferences: [{ event: 'weatherChanged', email: false }] });
    expect(madeUp.status, madeUp.text).toBe(400);
    expect(madeUp.body.errors).toContainEqual(expect.objectContaining({ field: 'preferences.0.event', code: 'invalidOption' }));

    expect(await stored()).toEqual(before);
    expect((await m.get(url)).body).toContainEqual({ event: 'mentioned', email: false });
  });

  it('are documented with the allowed event names', async () => {
    const doc = (await t.client().get('/api/docs/json')).body;
    const op = doc.paths['/api/v1/core/profile/notification-preferences'].put;
    const schema = op.requestBody.content['application/json'].schema;
    expect(schema.properties.preferences.items.properties.event.enum).toEqual([...RULE_EVENTS]);
  });
});
