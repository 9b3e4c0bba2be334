import { randomUUID } from 'node:crypto';
import { Jimp } from 'jimp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type Client, type TestApp, type TestUser } from '../../../test/harness';

let t: TestApp;
let owner: TestUser;
let tenant: { id: string };
let c: Client;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
// a Windows executable: "MZ" header with a PE signature
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64),
  Buffer.from('PE\0\0'),
  Buffer.alloc(200),
]);
let png: Buffer;
let jpeg: Buffer;

const entity = () => t.newRecord(t.client(owner, tenant.id));
const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

async function putBlob(
  url: string,
  data: Buffer,
  headers: Record<string, string> = { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'application/octet-stream' },
) {
  return t.client().raw({ method: 'PUT', url: pathOf(url), payload: data, headers });
}

// The whole protocol: upload info → PUT to the signed URL → register.
async function upload(
  ref: { entityKind: string; entityId: string },
  files: { name: string; data: Buffer }[],
  parentId: string | null = null,
) {
  const info = await c.post('/api/v1/core/documents/upload-info', {
    ...ref,
    parentId,
    files: files.map((f) => ({ name: f.name, size: f.data.length })),
  });
  if (info.status !== 200) return info;
  for (const [i, f] of files.entries()) expect((await putBlob(info.body[i].url, f.data, info.body[i].headers)).status).toBe(201);
  return c.post('/api/v1/core/documents/add', {
    ...ref,
    parentId,
    files: info.body.map((u: { uploadId: string }, i: number) => ({ uploadId: u.uploadId, name: files[i]!.name })),
  });
}

function multipart(fields: Record<string, string>, file: { name: string; data: Buffer; type: string }) {
  const boundary = `----atrium${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser({ name: 'Olivia Owner' });
  tenant = await t.createTenant(owner);
  c = t.client(owner, tenant.id);
  png = await new Jimp({ width: 400, height: 300, color: 0x3366ccff }).getBuffer('image/png');
  jpeg = await new Jimp({ width: 64, height: 64, color: 0xff0000ff }).getBuffer('image/jpeg');
});
afterAll(async () => t.close());

describe('documents: signed-URL upload on the local store', () => {
  it('uploads, checks by content, lists, serves and records the activity', async () => {
    const ref = await entity();
    const res = await upload(ref, [
      { name: 'photo.png', data: png },
      { name: 'offer.pdf', data: PDF },
      { name: 'notes.txt', data: Buffer.from('plain text\n') },
      { name: 'data.csv', data: Buffer.from('a,b\n1,2\n') },
      { name: 'tiny.gif', data: GIF },
      { name: 'small.jpg', data: jpeg },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.map((d: { type: string; contentType: string }) => [d.type, d.contentType])).toEqual([
      ['Image', 'image/png'],
      ['Document', 'application/pdf'],
      ['File', 'text/plain; charset=utf-8'],
      ['File', 'text/csv; charset=utf-8'],
      ['Image', 'image/gif'],
      ['Image', 'image/jpeg'],
    ]);
    const list = await c.post('/api/v1/core/documents/list', { ...ref });
    expect(list.body.total).toBe(6);
    const photo = list.body.data.find((d: { name: string }) => d.name === 'photo.png');
    // Full and Thumb: the thumbnail is a separate, smaller image
    expect(photo.thumbUrl).not.toBe(photo.url);
    const full = await t.client().raw({ method: 'GET', url: pathOf(photo.url) });
    expect(full.status).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect(full.headers['content-disposition']).toMatch(/^inline/);
    const thumb = await t.app.inject({ method: 'GET', url: pathOf(photo.thumbUrl) });
    const image = await Jimp.read(thumb.rawPayload);
    expect(Math.max(image.width, image.height)).toBe(256);
    const activity = await t.sql(`select type, action from activities where tenant_id = $1 and entity_id = $2 and type <> 'Change'`, [
      tenant.id,
      ref.entityId,
    ]);
    expect(activity).toHaveLength(6);
    expect(activity.every((a) => a.type === 'Attachment' && a.action === 'added')).toBe(true);
    // the upload blobs are gone once registered
    const again = await c.post('/api/v1/core/documents/add', { ...ref, files: [{ uploadId: randomUUID(), name: 'x.pdf' }] });
    expect(again.status).toBe(400);
  });

  it('serves HTML as an attachment, never inline', async () => {
    const ref = await entity();
    const res = await upload(ref, [{ name: 'page.html', data: Buffer.from('<html><body><script>alert(1)</script></body></html>') }]);
    expect(res.status).toBe(200);
    const got = await t.client().raw({ method: 'GET', url: pathOf(res.body[0].url) });
    expect(got.status).toBe(200);
    expect(got.headers['content-disposition']).toMatch(/^attachment; filename="page.html"/);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(String(got.headers['content-security-policy'])).toContain('sandbox');
  });

  it('refuses a .png that is really an executable, and text posing as an image', async () => {
    const ref = await entity();
    const exe = await upload(ref, [{ name: 'cute.png', data: EXE }]);
    expect(exe.status).toBe(400);
    expect(exe.body.code).toBe('fileType');
    expect(exe.body.errors[0].field).toBe('files.0.name');
    const text = await upload(ref, [{ name: 'fake.jpg', data: Buffer.from('hello') }]);
    expect(text.body.code).toBe('fileType');
    const binTxt = await upload(ref, [{ name: 'fake.txt', data: EXE }]);
    expect(binTxt.body.code).toBe('fileType');
    expect((await c.post('/api/v1/core/documents/list', { ...ref })).body.total).toBe(0);
  });

  it('refuses types that are not accepted by name', async () => {
    const res = await c.post('/api/v1/core/documents/upload-info', { ...(await entity()), files: [{ name: 'setup.exe', size: 10 }] });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('fileType');
  });

  it('applies each size limit: 5 MB images, 20 MB files, 50 MB video and archives', async () => {
    const info = async (files: { name: string; size: number }[]) =>
      c.post('/api/v1/core/documents/upload-info', { ...(await entity()), files });
    expect((await info([{ name: 'a.png', size: 5_242_880 }])).status).toBe(200);
    expect((await info([{ name: 'a.png', size: 5_242_881 }])).body.code).toBe('fileSize');
    expect((await info([{ name: 'a.pdf', size: 20_971_520 }])).status).toBe(200);
    expect((await info([{ name: 'a.pdf', size: 20_971_521 }])).body.code).toBe('fileSize');
    expect((await info([{ name: 'a.mp4', size: 52_428_800 }])).status).toBe(200);
    expect((await info([{ name: 'a.zip', size: 52_428_801 }])).body.code).toBe('fileSize');
    // the declared size is not trusted: the stored bytes are checked again
    const ref = await entity();
    const big = Buffer.concat([png, Buffer.alloc(5_242_881 - png.length)]);
    const res = await upload(
      ref,
      [{ name: 'big.png', data: big }].map((f) => f),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('fileSize');
    const sneaky = await c.post('/api/v1/core/documents/upload-info', { ...ref, files: [{ name: 'small.png', size: 10 }] });
    // the URL is bound to the declared size
    const put = await putBlob(sneaky.body[0].url, big, sneaky.body[0].headers);
    expect(put.status).toBe(400);
    expect(put.body.code).toBe('fileSize');
    const reg = await c.post('/api/v1/core/documents/add', { ...ref, files: [{ uploadId: sneaky.body[0].uploadId, name: 'small.png' }] });
    expect(reg.status).toBe(400);
    // the PUT itself stops at 50 MB
    const huge = await putBlob(sneaky.body[0].url, Buffer.alloc(52_428_801));
    expect(huge.status).toBe(413);
  });

  it('refuses empty files, too many files, too much in total and duplicate names', async () => {
    const ref = await entity();
    const info = (files: { name: string; size: number }[]) => c.post('/api/v1/core/documents/upload-info', { ...ref, files });
    expect((await info([{ name: 'a.txt', size: 0 }])).body.code).toBe('emptyFile');
    expect((await info(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, size: 1 })))).body.code).toBe('maxFiles');
    expect((await info([1, 2, 3].map((i) => ({ name: `f${i}.pdf`, size: 20_000_000 })))).body.code).toBe('totalSize');
    expect(
      (
        await info([
          { name: 'a.txt', size: 1 },
          { name: 'A.TXT', size: 1 },
        ])
      ).body.code,
    ).toBe('duplicateFile');
    expect((await upload(ref, [{ name: 'one.txt', data: Buffer.from('1') }])).status).toBe(200);
    expect((await info([{ name: 'One.txt', size: 1 }])).body.code).toBe('duplicateFile');
    // an empty PUT is refused: its URL was issued for one byte, and nothing registers
    const empty = await info([{ name: 'e.txt', size: 1 }]);
    expect((await putBlob(empty.body[0].url, Buffer.alloc(0), empty.body[0].headers)).body.code).toBe('fileSize');
    expect(
      (await c.post('/api/v1/core/documents/add', { ...ref, files: [{ uploadId: empty.body[0].uploadId, name: 'e.txt' }] })).body.code,
    ).toBe('notFound');
  });

  it('needs the block-blob header and a valid signature', async () => {
    const info = await c.post('/api/v1/core/documents/upload-info', { ...(await entity()), files: [{ name: 'a.txt', size: 1 }] });
    const url: string = info.body[0].url;
    expect((await putBlob(url, Buffer.from('x'), { 'content-type': 'text/plain' })).status).toBe(400);
    expect((await putBlob(url.replace(/sig=[^&]+/, 'sig=forged'), Buffer.from('x'))).status).toBe(403);
    expect((await putBlob(url.replace('sp=w', 'sp=r'), Buffer.from('x'))).status).toBe(403);
    expect((await putBlob(url.replace(/\?.*$/, ''), Buffer.from('x'))).status).toBe(403);
  });
});

describe('documents: blob tenant isolation', () => {
  it("a signed URL for tenant A's blob is useless for tenant B, and B cannot register A's upload", async () => {
    const otherOwner = await t.createUser();
    const other = await t.createTenant(otherOwner);
    const ref = await entity();
    const info = await c.post('/api/v1/core/documents/upload-info', { ...ref, files: [{ name: 'a.txt', size: 5 }] });
    const url: string = info.body[0].url;
    expect(url).toContain(`/api/v1/blobs/${tenant.id}/uploads/`);
    const forB = url.replace(tenant.id, other.id);
    expect((await putBlob(forB, Buffer.from('hello'))).status).toBe(403);
    expect((await putBlob(url, Buffer.from('hello'))).status).toBe(201);
    const b = t.client(otherOwner, other.id);
    // B names A's contact: not a record of B's workspace
    const stolen = await b.post('/api/v1/core/documents/add', { ...ref, files: [{ uploadId: info.body[0].uploadId, name: 'a.txt' }] });
    expect(stolen.status).toBe(404);
    // and on a record of its own, A's upload id finds nothing
    const own = await t.newRecord(b);
    const onOwn = await b.post('/api/v1/core/documents/add', { ...own, files: [{ uploadId: info.body[0].uploadId, name: 'a.txt' }] });
    expect(onOwn.status).toBe(400);
    expect(onOwn.body.errors[0].code).toBe('notFound');
    const mine = await c.post('/api/v1/core/documents/add', { ...ref, files: [{ uploadId: info.body[0].uploadId, name: 'a.txt' }] });
    expect(mine.status).toBe(200);
    // a read URL also names the tenant: swapping it breaks the signature
    expect((await t.client().raw({ method: 'GET', url: pathOf(mine.body[0].url).replace(tenant.id, other.id) })).status).toBe(403);
    expect((await b.get(`/api/v1/core/documents/${mine.body[0].id}`)).status).toBe(404);
  });

  it('signed URLs expire', async () => {
    const ref = await entity();
    const info = await c.post('/api/v1/core/documents/upload-info', { ...ref, files: [{ name: 'a.txt', size: 5 }] });
    const done = await upload(ref, [{ name: 'b.txt', data: Buffer.from('hello') }]);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 16 * 60 * 1000);
      const put = await putBlob(info.body[0].url, Buffer.from('hello'));
      expect(put.status).toBe(403);
      expect(put.body.detail).toMatch(/expired/);
      expect((await t.client().raw({ method: 'GET', url: pathOf(done.body[0].url) })).status).toBe(403);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('documents: folders', () => {
  it('creates folders, lists folders first, gives a breadcrumb, moves, copies, renames and deletes', async () => {
    const ref = await entity();
    const folder = await c.post('/api/v1/core/documents', { ...ref, type: 'Folder', name: 'Contracts' });
    expect(folder.status).toBe(201);
    const sub = await c.post('/api/v1/core/documents', { ...ref, type: 'Folder', name: '2025', parentId: folder.body.id });
    expect((await c.post('/api/v1/core/documents', { ...ref, type: 'Folder', name: 'contracts' })).body.code).toBe('duplicateFile');
    const files = await upload(
      ref,
      [
        { name: 'a.txt', data: Buffer.from('a') },
        { name: 'b.txt', data: Buffer.from('b') },
        { name: 'c.png', data: png },
      ],
      sub.body.id,
    );
    expect(files.status).toBe(200);
    const crumb = await c.post('/api/v1/core/documents/breadcrumb', { id: sub.body.id });
    expect(crumb.body).toEqual([
      { id: folder.body.id, name: 'Contracts' },
      { id: sub.body.id, name: '2025' },
    ]);
    expect((await c.post('/api/v1/core/documents/breadcrumb', { id: null })).body).toEqual([]);
    const root = await c.post('/api/v1/core/documents', { ...ref, type: 'Link', name: 'Website', url: 'https://example.com' });
    expect(root.body.linkUrl).toBe('https://example.com');
    const top = await c.post('/api/v1/core/documents/list', { ...ref });
    expect(top.body.data.map((d: { name: string }) => d.name)).toEqual(['Contracts', 'Website']);

    const [a, b] = files.body;
    const moved = await c.post('/api/v1/core/documents/move', { ids: [a.id], parentId: folder.body.id });
    expect(moved.status).toBe(200);
    expect(moved.body[0].parentId).toBe(folder.body.id);
    expect((await c.post('/api/v1/core/documents/move', { ids: [folder.body.id], parentId: sub.body.id })).status).toBe(400);

    const renamed = await c.put(`/api/v1/core/documents/${b.id}/rename`, { name: 'renamed.txt' });
    expect(renamed.body.name).toBe('renamed.txt');
    const upd = await c.put(`/api/v1/core/documents/${b.id}`, { description: 'second file' });
    expect(upd.body).toMatchObject({ name: 'renamed.txt', description: 'second file' });

    const copied = await c.post('/api/v1/core/documents/copy', { ids: [sub.body.id], parentId: null });
    expect(copied.status).toBe(200);
    expect(copied.body[0]).toMatchObject({ name: '2025', type: 'Folder', parentId: null });
    const inCopy = await c.post('/api/v1/core/documents/list', { ...ref, parentId: copied.body[0].id });
    expect(inCopy.body.data.map((d: { name: string }) => d.name).sort()).toEqual(['c.png', 'renamed.txt']);
    const copiedFile = inCopy.body.data.find((d: { name: string }) => d.name === 'renamed.txt');
    expect((await t.client().raw({ method: 'GET', url: pathOf(copiedFile.url) })).text).toBe('b');
    const again = await c.post('/api/v1/core/documents/copy', { ids: [a.id], parentId: folder.body.id });
    expect(again.body[0].name).toBe('a (1).txt');

    // an invalid list is skipped without error
    expect((await c.post('/api/v1/core/documents/delete', { ids: 'nope' })).body).toEqual({ deleted: 0 });
    expect((await c.post('/api/v1/core/documents/delete', {})).body).toEqual({ deleted: 0 });
    expect((await c.post('/api/v1/core/documents/delete', { ids: [1, 2] })).body).toEqual({ deleted: 0 });
    const del = await c.post('/api/v1/core/documents/delete', { ids: [folder.body.id] });
    expect(del.body.deleted).toBe(6);
    expect((await c.post('/api/v1/core/documents/list', { ...ref })).body.data.map((d: { name: string }) => d.name)).toEqual([
      '2025',
      'Website',
    ]);
    expect((await t.client().raw({ method: 'GET', url: pathOf(b.url) })).status).toBe(404);
    expect((await c.get(`/api/v1/core/documents/${a.id}`)).status).toBe(404);
  });

  it('gets one document; id 0 is not a document id', async () => {
    const ref = await entity();
    const [doc] = (await upload(ref, [{ name: 'x.txt', data: Buffer.from('x') }])).body;
    expect((await c.get(`/api/v1/core/documents/${doc.id}`)).body).toMatchObject({ id: doc.id, name: 'x.txt', size: 1 });
    expect((await c.get('/api/v1/core/documents/0')).status).toBe(400);
  });
});

describe('documents: image upload (multipart)', () => {
  it('stores Full and Thumb', async () => {
    const ref = await entity();
    const body = multipart(ref, { name: 'pic.png', data: png, type: 'image/png' });
    const res = await c.raw({ method: 'POST', url: '/api/v1/core/documents/images', ...body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'Image', contentType: 'image/png', name: 'pic.png', size: png.length });
    expect(res.body.thumbUrl).not.toBe(res.body.url);
  });

  it('refuses a non-image, a fake image, an empty file and one over 5 MB', async () => {
    const ref = await entity();
    const send = (name: string, data: Buffer) =>
      c.raw({ method: 'POST', url: '/api/v1/core/documents/images', ...multipart(ref, { name, data, type: 'image/png' }) });
    expect((await send('doc.pdf', PDF)).body.code).toBe('imageType');
    expect((await send('evil.png', EXE)).body.code).toBe('imageType');
    expect((await send('empty.png', Buffer.alloc(0))).body.code).toBe('emptyFile');
    expect((await send('big.png', Buffer.concat([PNG_MAGIC, Buffer.alloc(5_242_881)]))).body.code).toBe('imageSize');
    expect(
      (
        await c.raw({
          method: 'POST',
          url: '/api/v1/core/documents/images',
          ...multipart({ entityKind: 'Nope' }, { name: 'a.png', data: png, type: 'image/png' }),
        })
      ).status,
    ).toBe(400);
  });
});

describe('documents: permissions', () => {
  it('needs AddDocument to upload and ManageDocuments to change what others uploaded', async () => {
    const ref = await entity();
    const [doc] = (await upload(ref, [{ name: 'owner.txt', data: Buffer.from('o') }])).body;
    const user = await t.createUser();
    const [role] = await t.sql<{ id: string }>(
      `insert into roles (tenant_id, name, permissions) values ($1, 'Doc adder', $2) returning id`,
      [tenant.id, ['Contact.ViewContacts', 'Contact.AddDocument']],
    );
    await t.sql(
      `insert into tenant_users (tenant_id, user_id, email, role_id, status, joined_at) values ($1, $2, $3, $4, 'active', now())`,
      [tenant.id, user.id, user.email, role!.id],
    );
    const u = t.client(user, tenant.id);
    expect((await u.put(`/api/v1/core/documents/${doc.id}/rename`, { name: 'mine.txt' })).status).toBe(403);
    expect((await u.post('/api/v1/core/documents/delete', { ids: [doc.id] })).status).toBe(403);
    expect((await u.post('/api/v1/core/documents', { ...ref, type: 'Folder', name: 'Mine' })).status).toBe(201);
    const viewer = await t.createUser();
    const [vrole] = await t.sql<{ id: string }>(
      `insert into roles (tenant_id, name, permissions) values ($1, 'Doc viewer', $2) returning id`,
      [tenant.id, ['Contact.ViewContacts']],
    );
    await t.sql(
      `insert into tenant_users (tenant_id, user_id, email, role_id, status, joined_at) values ($1, $2, $3, $4, 'active', now())`,
      [tenant.id, viewer.id, viewer.email, vrole!.id],
    );
    const v = t.client(viewer, tenant.id);
    expect((await v.post('/api/v1/core/documents/list', { ...ref })).status).toBe(200);
    expect((await v.post('/api/v1/core/documents/upload-info', { ...ref, files: [{ name: 'a.txt', size: 1 }] })).status).toBe(403);
  });
  it('binds each upload URL to its declared size and type, and uses it once; an upload registers once', async () => {
    const ref = await entity();
    const data = Buffer.from('hello, world');
    const info = await c.post('/api/v1/core/documents/upload-info', {
      ...ref,
      files: [{ name: 'note.txt', size: data.length, contentType: 'text/plain' }],
    });
    const [slot] = info.body;
    expect(slot.headers).toEqual({ 'x-ms-blob-type': 'BlockBlob', 'content-type': 'text/plain' });
    // another type than declared
    const wrongType = await putBlob(slot.url, data, { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'text/html' });
    expect(wrongType.status).toBe(415);
    // a tampered size in the URL voids its signature
    expect((await putBlob(slot.url.replace(`sz=${data.length}`, 'sz=999'), Buffer.alloc(999), slot.headers)).status).toBe(403);
    expect((await putBlob(slot.url, data, slot.headers)).status).toBe(201);
    // once: a second PUT with the same URL cannot swap the bytes
    const again = await putBlob(slot.url, Buffer.from('hello, WORLD'), slot.headers);
    expect(again.status).toBe(409);
    const add = () => c.post('/api/v1/core/documents/add', { ...ref, files: [{ uploadId: slot.uploadId, name: 'note.txt' }] });
    const first = await add();
    expect(first.status).toBe(200);
    const second = await add();
    expect(second.status).toBe(400);
    expect(second.body.errors[0]).toMatchObject({ field: 'files.0.uploadId', code: 'notFound' });
    const listed = await c.post('/api/v1/core/documents/list', { ...ref, parentId: null, page: 1, pageSize: 25 });
    expect(listed.body.total).toBe(1);
  });
});
