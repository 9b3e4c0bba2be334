import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp, type TestUser } from '../../../test/harness';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';

// E-mail templates, merge fields, preview and send e-mail from a record, delivered through the
// outbox job to a real SMTP sink on loopback.
let t: TestApp;
let owner: TestUser;
let tenant: { id: string };
let c: Client;
let smtp: SmtpSink;
let dataDir: string;

const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

async function uploadFile(ref: { entityKind: string; entityId: string }, name: string, data: Buffer): Promise<string> {
  const info = await c.post('/api/v1/core/documents/upload-info', { ...ref, parentId: null, files: [{ name, size: data.length }] });
  expect(info.status).toBe(200);
  const put = await t.client().raw({ method: 'PUT', url: pathOf(info.body[0].url), payload: data, headers: info.body[0].headers });
  expect(put.status).toBe(201);
  const added = await c.post('/api/v1/core/documents/add', { ...ref, parentId: null, files: [{ uploadId: info.body[0].uploadId, name }] });
  expect(added.status).toBe(200);
  return added.body[0].id as string;
}

async function delivered(count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (smtp.received.length < count && Date.now() < deadline) {
    await t.app.atrium.mailer.deliverDue();
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(smtp.received.length).toBeGreaterThanOrEqual(count);
}

const header = (raw: string, name: string) => {
  const unfolded = raw.replace(/\r\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'mi').exec(unfolded)?.[1]?.trim();
};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-emails-'));
  smtp = await startSmtpSink();
  t = await createTestApp({}, { DATA_DIR: dataDir, SMTP_URL: smtp.url });
  owner = await t.createUser({ name: 'Olivia Owner' });
  tenant = await t.createTenant(owner, { name: 'Acme & Sons' });
  c = t.client(owner, tenant.id);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('e-mail templates', () => {
  it('lists merge fields from the definition and the custom fields, restricted ones only for those who may read them', async () => {
    const put = await c.put('/api/v1/core/entity-fields?entity=Contact', {
      fields: [
        { kind: 'singleLine', label: 'Tier', key: 'tier' },
        { kind: 'singleLine', label: 'Salary', key: 'salary', dataType: 'decimal', restricted: true },
        { kind: 'singleLine', label: 'Legacy id', key: 'legacyId', hidden: true },
      ],
    });
    expect(put.status, put.text).toBe(200);
    const fields = await c.get('/api/v1/core/email-templates/merge-fields?entityKind=Contact');
    expect(fields.status).toBe(200);
    const keys = fields.body.map((f: { key: string }) => f.key);
    expect(keys).toEqual(
      expect.arrayContaining(['title', 'firstName', 'email', 'organizationId', 'customFields.tier', 'customFields.salary']),
    );
    expect(keys).toEqual(expect.arrayContaining(['sender.name', 'workspace.name']));
    expect(keys).not.toContain('details');
    // internal fields are no merge fields: states the server keeps, board positions, ids, hidden fields
    for (const internal of ['blockedAt', 'spamAt', 'unsubscribedAt', 'boardRank', 'typeId', 'workflowStage', 'customFields.legacyId'])
      expect(keys).not.toContain(internal);
    const leadKeys = (await c.get('/api/v1/core/email-templates/merge-fields?entityKind=Lead')).body.map((f: { key: string }) => f.key);
    expect(leadKeys).toEqual(expect.arrayContaining(['number', 'firstName', 'organization']));
    expect(leadKeys).not.toContain('convertedToId');
    const member = await t.addMember(tenant.id, 'Member');
    const theirs = await t.client(member, tenant.id).get('/api/v1/core/email-templates/merge-fields?entityKind=Contact');
    expect(theirs.body.map((f: { key: string }) => f.key)).not.toContain('customFields.salary');
    expect((await c.get('/api/v1/core/email-templates/merge-fields?entityKind=Nope')).status).toBe(400);
  });

  it('creates, lists, updates and deletes templates; unknown merge fields and duplicate names are refused', async () => {
    const body = {
      entityKind: 'Contact',
      name: 'Welcome',
      subject: 'Hi {{firstName}}',
      body: 'Hello {{ firstName }} from {{workspace.name}}',
    };
    const created = await c.post('/api/v1/core/email-templates', body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...body, version: 1 });
    expect((await c.post('/api/v1/core/email-templates', body)).status).toBe(409);
    const bad = await c.post('/api/v1/core/email-templates', { ...body, name: 'Other', body: 'Hello {{nickname}}' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'body', code: 'unknownMergeField' });
    const empty = await c.post('/api/v1/core/email-templates', { ...body, name: ' ' });
    expect(empty.body.errors[0]).toMatchObject({ field: 'name', code: 'required' });
    const list = await c.post('/api/v1/core/email-templates/list', { entityKind: 'Contact' });
    expect(list.body).toMatchObject({ total: 1, data: [{ name: 'Welcome' }] });
    const updated = await c.put(`/api/v1/core/email-templates/${created.body.id}`, { ...body, name: 'Welcome!' });
    expect(updated.body).toMatchObject({ name: 'Welcome!', version: 2 });
    expect((await c.get(`/api/v1/core/email-templates/${created.body.id}`)).body.name).toBe('Welcome!');
    // a member may read templates but not change them
    const member = await t.addMember(tenant.id, 'Member');
    const m = t.client(member, tenant.id);
    expect((await m.post('/api/v1/core/email-templates/list', {})).status).toBe(200);
    expect((await m.put(`/api/v1/core/email-templates/${created.body.id}`, body)).status).toBe(403);
    expect((await c.delete(`/api/v1/core/email-templates/${created.body.id}`)).status).toBe(204);
    expect((await c.get(`/api/v1/core/email-templates/${created.body.id}`)).status).toBe(404);
  });

  it('renders safely: merged values are escaped in the HTML, the layout is the product one, and the text part stays plain', async () => {
    const org = await c.post('/api/v1/organizations', { name: 'Globex <Corp>' });
    const contact = await c.post('/api/v1/contacts', {
      firstName: '<script>alert(1)</script>',
      lastName: 'O"Brien & Co',
      organizationId: org.body.id,
      customFields: { tier: '<b>Gold</b>' },
    });
    expect(contact.status, contact.text).toBe(201);
    const preview = await c.post('/api/v1/core/email-templates/preview', {
      entityKind: 'Contact',
      entityId: contact.body.id,
      subject: 'For {{firstName}}\r\nBcc: evil@example.com',
      body: 'Dear {{title}},\n\nyour tier: {{customFields.tier}} at {{organizationId}}.\n\n{{sender.name}}, {{workspace.name}}',
    });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.text).toBe(
      'Dear <script>alert(1)</script> O"Brien & Co,\n\nyour tier: <b>Gold</b> at Globex <Corp>.\n\nOlivia Owner, Acme & Sons',
    );
    // no header injection through the subject
    expect(preview.body.subject).toBe('For <script>alert(1)</script> Bcc: evil@example.com');
    expect(preview.body.html).not.toContain('<script>');
    expect(preview.body.html).not.toContain('<b>Gold');
    expect(preview.body.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; O&quot;Brien &amp; Co');
    expect(preview.body.html).toContain('Globex &lt;Corp&gt;');
    expect(preview.body.html).toContain('#021F65');
    // a member without ViewRestrictedFields gets the restricted field empty
    const paid = await c.post('/api/v1/contacts', { firstName: 'Paid', customFields: { salary: 100 } });
    expect(paid.status, paid.text).toBe(201);
    const member = await t.addMember(tenant.id, 'Member');
    const theirs = await t.client(member, tenant.id).post('/api/v1/core/email-templates/preview', {
      entityKind: 'Contact',
      entityId: paid.body.id,
      subject: 's',
      body: '[{{customFields.salary}}]',
    });
    expect(theirs.body.text).toBe('[]');
    const mine = await c.post('/api/v1/core/email-templates/preview', {
      entityKind: 'Contact',
      entityId: paid.body.id,
      subject: 's',
      body: '[{{customFields.salary}}]',
    });
    expect(mine.body.text).toBe('[100]');
  });
});

describe('send e-mail', () => {
  it('sends a template with an attachment through the outbox, records it on the feed, and threads the next one', async () => {
    const contact = await c.post('/api/v1/contacts', { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
    const ref = { entityKind: 'Contact', entityId: contact.body.id as string };
    const docId = await uploadFile(ref, 'offer.txt', Buffer.from('the offer'));
    const tpl = await c.post('/api/v1/core/email-templates', {
      entityKind: 'Contact',
      name: 'Offer',
      subject: 'Your offer, {{firstName}}',
      body: 'Hello {{firstName}},\n\nplease find the offer attached.',
    });
    const before = smtp.received.length;
    const sent = await c.post('/api/v1/core/emails', { ...ref, to: ['ada@example.com'], templateId: tpl.body.id, documentIds: [docId] });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body).toMatchObject({ subject: 'Your offer, Ada', to: ['ada@example.com'], inReplyTo: null });
    expect(sent.body.attachments).toEqual([{ id: docId, name: 'offer.txt', size: 9 }]);
    await delivered(before + 1);
    const mail = smtp.received[before]!;
    expect(mail.to).toEqual(['ada@example.com']);
    expect(header(mail.data, 'Message-ID')).toBe(sent.body.messageId);
    expect(header(mail.data, 'References')).toBe(`<contact.${ref.entityId}@${new URL(t.config.publicUrl).hostname}>`);
    expect(header(mail.data, 'Reply-To')).toBe(owner.email);
    expect(header(mail.data, 'Subject')).toBe('Your offer, Ada');
    expect(mail.data).toContain('filename=offer.txt');
    expect(mail.data).toContain(Buffer.from('the offer').toString('base64'));

    const feed = await c.get(`/api/v1/core/activity?target=Contact&targetId=${ref.entityId}&type=Email`);
    expect(feed.status, feed.text).toBe(200);
    expect(feed.body.counts.Email).toBe(1);
    expect(feed.body.data[0]).toMatchObject({
      type: 'Email',
      action: 'sent',
      after: { subject: 'Your offer, Ada', to: ['ada@example.com'] },
    });

    const reply = await c.post('/api/v1/core/emails', {
      ...ref,
      to: ['ada@example.com'],
      cc: ['boss@example.com'],
      subject: 'Re: offer',
      body: 'Any news?',
    });
    expect(reply.status).toBe(201);
    expect(reply.body.inReplyTo).toBe(sent.body.messageId);
    await delivered(before + 2);
    const second = smtp.received[before + 1]!;
    expect(second.to.sort()).toEqual(['ada@example.com', 'boss@example.com']);
    expect(header(second.data, 'In-Reply-To')).toBe(sent.body.messageId);
    expect(header(second.data, 'References')).toContain(sent.body.messageId);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const ref = await t.newRecord(c);
    const other = await t.newRecord(c);
    const foreignDoc = await uploadFile(other, 'other.txt', Buffer.from('x'));
    const count = async () => (await t.sql(`select count(*)::int as n from mail_outbox`))[0].n as number;
    const n = await count();
    const noTo = await c.post('/api/v1/core/emails', { ...ref, to: [], subject: 's', body: 'b' });
    expect(noTo.status).toBe(400);
    expect(noTo.body.errors[0]).toMatchObject({ field: 'to', code: 'required' });
    const badTo = await c.post('/api/v1/core/emails', { ...ref, to: ['not-an-address'], subject: 's', body: 'b' });
    expect(badTo.body.errors[0]).toMatchObject({ field: 'to.0', code: 'invalidEmail' });
    const noBody = await c.post('/api/v1/core/emails', { ...ref, to: ['a@example.com'], subject: 's' });
    expect(noBody.body.errors[0]).toMatchObject({ field: 'body', code: 'required' });
    const foreign = await c.post('/api/v1/core/emails', {
      ...ref,
      to: ['a@example.com'],
      subject: 's',
      body: 'b',
      documentIds: [foreignDoc],
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errors[0]).toMatchObject({ field: 'documentIds' });
    expect(await count()).toBe(n);
  });

  it("answers 404 for another workspace's record", async () => {
    const stranger = await t.createUser();
    const theirs = await t.createTenant(stranger);
    const ref = await t.newRecord(t.client(stranger, theirs.id));
    expect((await c.post('/api/v1/core/emails', { ...ref, to: ['a@example.com'], subject: 's', body: 'b' })).status).toBe(404);
  });
});
