import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness';

let t: TestApp;
let owner: TestUser;
let tenant: { id: string };
let colleague: TestUser & { tenantUserId: string };
let contact: { entityKind: string; entityId: string };

// A role that may add notes but not manage other people's notes.
async function limitedMember(tenantId: string): Promise<TestUser & { tenantUserId: string }> {
  const user = await t.createUser();
  const [role] = await t.sql<{ id: string }>(`insert into roles (tenant_id, name, permissions) values ($1, $2, $3) returning id`, [
    tenantId,
    `Limited ${randomUUID().slice(0, 6)}`,
    ['Contact.ViewContacts', 'Contact.AddNote'],
  ]);
  const [row] = await t.sql<{ id: string }>(
    `insert into tenant_users (tenant_id, user_id, email, role_id, status, joined_at) values ($1, $2, $3, $4, 'active', now()) returning id`,
    [tenantId, user.id, user.email, role!.id],
  );
  return { ...user, tenantUserId: row!.id };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser({ name: 'Olivia Owner' });
  tenant = await t.createTenant(owner);
  colleague = await t.addMember(tenant.id, 'Member', await t.createUser({ name: 'Carl Colleague' }));
  contact = await t.newRecord(t.client(owner, tenant.id));
});
afterAll(async () => t.close());

describe('notes', () => {
  it('adds, lists, updates and deletes a note', async () => {
    const c = t.client(owner, tenant.id);
    const added = await c.post('/api/v1/core/notes', { ...contact, body: '<p>Hello <strong>world</strong></p>' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ body: '<p>Hello <strong>world</strong></p>', author: { name: 'Olivia Owner' }, canEdit: true });
    const list = await c.post('/api/v1/core/notes/list', { ...contact });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    const upd = await c.put(`/api/v1/core/notes/${added.body.id}`, { body: '<p>Changed</p>' });
    expect(upd.status).toBe(200);
    expect(upd.body.body).toBe('<p>Changed</p>');
    expect((await c.delete(`/api/v1/core/notes/${added.body.id}`)).status).toBe(204);
    expect((await c.post('/api/v1/core/notes/list', { ...contact })).body.total).toBe(0);
    expect((await c.delete(`/api/v1/core/notes/${added.body.id}`)).status).toBe(404);
  });

  it('deleting with no id does nothing', async () => {
    const c = t.client(owner, tenant.id);
    await c.post('/api/v1/core/notes', { ...contact, body: 'keep me' });
    const before = (await c.post('/api/v1/core/notes/list', { ...contact })).body.total;
    expect((await c.delete('/api/v1/core/notes')).status).toBe(204);
    expect((await c.post('/api/v1/core/notes/list', { ...contact })).body.total).toBe(before);
  });

  it('writes the activity feed under type Note', async () => {
    const { entityId } = await t.newRecord(t.client(owner, tenant.id));
    await t.client(owner, tenant.id).post('/api/v1/core/notes', { entityKind: 'Contact', entityId, body: 'for the feed' });
    const rows = await t.sql(`select type, action from activities where tenant_id = $1 and entity_id = $2 order by seq`, [
      tenant.id,
      entityId,
    ]);
    expect(rows).toEqual([
      { type: 'Change', action: 'created' },
      { type: 'Note', action: 'added' },
    ]);
  });

  it('refuses an empty note and a note that is only markup', async () => {
    const c = t.client(owner, tenant.id);
    expect((await c.post('/api/v1/core/notes', { ...contact, body: '' })).status).toBe(400);
    const res = await c.post('/api/v1/core/notes', { ...contact, body: '<script>alert(1)</script><p> </p>' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('required');
  });
});

// Payloads from the OWASP XSS filter evasion cheat sheet and common polyglots.
const XSS = [
  '<script>alert(1)</script>hi',
  '<img src=x onerror=alert(1)>hi',
  '<svg onload=alert(1)>hi</svg>hi',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">click</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<p onclick="alert(1)">text</p>',
  '<p style="background:url(javascript:alert(1))">text</p>',
  '<iframe src="javascript:alert(1)"></iframe>text',
  '<object data="javascript:alert(1)"></object>text',
  '<embed src="javascript:alert(1)">text',
  '<body onload=alert(1)>text',
  '<div onmouseover="alert(1)">text</div>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>text',
  '<svg><script>alert(1)</script></svg>text',
  '"><script>alert(1)</script>text',
  '<scr<script>ipt>alert(1)</scr</script>ipt>text',
  '<IMG SRC=javascript:alert(1)>text',
  '<img src="x" onerror="&#97;lert(1)">text',
  '<form action="javascript:alert(1)"><button>x</button></form>text',
  '<input onfocus=alert(1) autofocus>text',
  '<details open ontoggle=alert(1)>text</details>',
  '<video><source onerror="alert(1)"></video>text',
  '<base href="javascript:alert(1)//">text',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">text',
  '<link rel="stylesheet" href="javascript:alert(1)">text',
  '<style>@import "javascript:alert(1)";</style>text',
  '<span data-mention-id="x" onclick="alert(1)">@x</span>text',
  '<a href="https://example.com" onclick="alert(1)" target="_self">ok</a>',
  '<!--<img src="--><img src=x onerror=alert(1)//">text',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">text',
  '<template><script>alert(1)</script></template>text',
  '<a href="//evil.example/x">protocol relative</a>',
];

describe('notes: XSS corpus', () => {
  it.each(XSS)('stores no script, handler or dangerous URL: %s', async (payload) => {
    const res = await t.client(owner, tenant.id).post('/api/v1/core/notes', { ...contact, body: payload });
    expect([201, 400]).toContain(res.status);
    if (res.status !== 201) return;
    const stored = (await t.sql<{ body: string }>(`select body from notes where tenant_id = $1 and id = $2`, [tenant.id, res.body.id]))[0]!
      .body;
    for (const body of [stored, res.body.body as string]) {
      expect(body).not.toMatch(
        /<\s*(script|iframe|object|embed|svg|math|style|form|input|base|meta|link|img|video|source|body|template|noscript)/i,
      );
      expect(body).not.toMatch(/\son[a-z]+\s*=/i);
      expect(body).not.toMatch(/(javascript|vbscript|data):/i);
      expect(body).not.toMatch(/style\s*=/i);
      expect(body).not.toMatch(/href="\/\//i);
    }
  });

  it('keeps safe formatting and forces links to open safely', async () => {
    const res = await t
      .client(owner, tenant.id)
      .post('/api/v1/core/notes', { ...contact, body: '<p><em>a</em> <a href="https://example.com">b</a></p><ul><li>c</li></ul>' });
    expect(res.body.body).toBe(
      '<p><em>a</em> <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">b</a></p><ul><li>c</li></ul>',
    );
  });
});

describe('notes: mentions', () => {
  it('suggests workspace members only', async () => {
    const outsider = await t.createUser({ name: 'Carla Outsider' });
    const other = await t.createTenant(outsider);
    expect(other.id).not.toBe(tenant.id);
    const res = await t.client(owner, tenant.id).get('/api/v1/core/notes/mention-suggestions?search=carl');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: colleague.tenantUserId, name: 'Carl Colleague', email: colleague.email, iconId: null, pictureUrl: null },
    ]);
  });

  it('notifies a mentioned colleague in the app and by e-mail', async () => {
    const body = `<p>Please call back <span class="mention" data-mention-id="${colleague.tenantUserId}">@Carl Colleague</span></p>`;
    const res = await t.client(owner, tenant.id).post('/api/v1/core/notes', { ...contact, body });
    expect(res.status).toBe(201);
    expect(res.body.mentions).toEqual([colleague.tenantUserId]);
    const inbox = await t.client(colleague, tenant.id).get('/api/v1/core/notifications');
    expect(inbox.status).toBe(200);
    expect(inbox.body.unread).toBe(1);
    const title = (await t.client(owner, tenant.id).get(`/api/v1/contacts/${contact.entityId}`)).body.title as string;
    expect(inbox.body.data[0]).toMatchObject({
      kind: 'Mention',
      cause: 'mentionedInNote',
      entityKind: 'Contact',
      entityId: contact.entityId,
      // it names the record, so the reader knows which one before opening it
      recordTitle: title,
      title: `Olivia Owner mentioned you in a note on the contact ${title}`,
      read: false,
    });
    expect(inbox.body.data[0].body).toContain('Please call back @Carl Colleague');
    const mail = await t.sql(`select subject, text from mail_outbox where "to" = $1`, [colleague.email]);
    const sent = mail.find((m) => m.subject === `Olivia Owner mentioned you in a note on the contact ${title}`);
    // the e-mail links to the record itself
    expect(sent?.text).toContain(`/contacts/${contact.entityId}`);
    // the author hears nothing about their own note
    expect((await t.client(owner, tenant.id).get('/api/v1/core/notifications')).body.total).toBe(0);
    const read = await t.client(colleague, tenant.id).post('/api/v1/core/notifications/read', { all: true });
    expect(read.body).toEqual({ updated: 1, unread: 0 });
    expect((await t.client(colleague, tenant.id).get('/api/v1/core/notifications/unread-count')).body).toEqual({ unread: 0 });
  });

  it('ignores mentions of people outside the workspace', async () => {
    const body = `<p><span data-mention-id="${randomUUID()}">@Ghost</span> hi</p>`;
    const res = await t.client(owner, tenant.id).post('/api/v1/core/notes', { ...contact, body });
    expect(res.body.mentions).toEqual([]);
  });
});

describe('notes: permissions', () => {
  it('only the author or ManageNotes may edit or delete', async () => {
    const limited = await limitedMember(tenant.id);
    const mine = await t.client(limited, tenant.id).post('/api/v1/core/notes', { ...contact, body: 'mine' });
    expect(mine.status).toBe(201);
    const ownersNote = await t.client(owner, tenant.id).post('/api/v1/core/notes', { ...contact, body: 'owner' });
    const lc = t.client(limited, tenant.id);
    expect((await lc.put(`/api/v1/core/notes/${ownersNote.body.id}`, { body: 'hijack' })).status).toBe(403);
    expect((await lc.delete(`/api/v1/core/notes/${ownersNote.body.id}`)).status).toBe(403);
    expect((await lc.put(`/api/v1/core/notes/${mine.body.id}`, { body: 'mine, edited' })).status).toBe(200);
    // the owner (Admin) has Contact.ManageNotes
    expect((await t.client(owner, tenant.id).put(`/api/v1/core/notes/${mine.body.id}`, { body: 'moderated' })).status).toBe(200);
    const list = await lc.post('/api/v1/core/notes/list', { ...contact });
    const flags = Object.fromEntries(list.body.data.map((n: { body: string; canEdit: boolean }) => [n.body, n.canEdit]));
    expect(flags.owner).toBe(false);
  });

  it('needs AddNote of the module and view access', async () => {
    const user = await t.createUser();
    const [role] = await t.sql<{ id: string }>(
      `insert into roles (tenant_id, name, permissions) values ($1, 'Viewer only', $2) returning id`,
      [tenant.id, ['Contact.ViewContacts']],
    );
    await t.sql(
      `insert into tenant_users (tenant_id, user_id, email, role_id, status, joined_at) values ($1, $2, $3, $4, 'active', now())`,
      [tenant.id, user.id, user.email, role!.id],
    );
    const c = t.client(user, tenant.id);
    expect((await c.post('/api/v1/core/notes/list', { ...contact })).status).toBe(200);
    expect((await c.post('/api/v1/core/notes', { ...contact, body: 'no' })).status).toBe(403);
    // a kind no module has registered yet has no notes at all
    expect((await c.post('/api/v1/core/notes/list', { entityKind: 'Device', entityId: randomUUID() })).status).toBe(400);
  });

  it("another workspace's note answers 404", async () => {
    const note = await t.client(owner, tenant.id).post('/api/v1/core/notes', { ...contact, body: 'secret' });
    const stranger = await t.createUser();
    const other = await t.createTenant(stranger);
    const c = t.client(stranger, other.id);
    expect((await c.put(`/api/v1/core/notes/${note.body.id}`, { body: 'x' })).status).toBe(404);
    expect((await c.delete(`/api/v1/core/notes/${note.body.id}`)).status).toBe(404);
    // the contact is not a record of the stranger's workspace
    expect((await c.post('/api/v1/core/notes/list', { ...contact })).status).toBe(404);
  });
});
