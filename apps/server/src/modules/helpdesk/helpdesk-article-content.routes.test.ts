import { randomUUID } from 'node:crypto';
import { Jimp } from 'jimp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerMemberAndStranger, type Client, type TestApp } from '../../../test/harness';

// An article's rich content (issue 23, "rich content with images"): stored as safe HTML —
// core's note sanitizer, images named by the id of a document of the article (never a URL) —
// the search indexes its text, not its markup, and the portal's article page gets each image
// of the article with a fresh signed address, and none of another record.
let t: TestApp;
let c: Client;
let anonymous: Client;
let workspace: string;
let helpdeskId: string;
let png: Buffer;

function multipart(fields: Record<string, string>, file: { name: string; data: Buffer; type: string }) {
  const boundary = `----atrium${randomUUID()}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
async function uploadImage(entityKind: string, entityId: string, name: string): Promise<string> {
  const res = await c.raw({
    method: 'POST',
    url: '/api/v1/core/documents/images',
    ...multipart({ entityKind, entityId }, { name, data: png, type: 'image/png' }),
  });
  expect(res.status, res.text).toBe(201);
  return String(res.body.id);
}

beforeAll(async () => {
  t = await createTestApp();
  let tenantId: string;
  ({ c, tenantId } = await ownerMemberAndStranger(t, []));
  anonymous = t.client();
  workspace = (await t.sql<{ slug: string }>('select slug from tenants where id = $1', [tenantId]))[0]?.slug ?? '';
  const hd = await c.post('/api/v1/helpdesks', { name: 'Support', code: 'SUP', portalSlug: 'help', portalEnabled: true });
  expect(hd.status, hd.text).toBe(201);
  helpdeskId = String(hd.body.id);
  png = await new Jimp({ width: 40, height: 30, color: 0x3366ccff }).getBuffer('image/png');
});
afterAll(async () => t?.close());

describe('an article with rich content', () => {
  it('is stored sanitized, its images by document id; the search finds the text, not the markup; the portal shows the images', async () => {
    const created = await c.post('/api/v1/articles', { helpdeskId, title: 'Printer setup', content: '<p>Draft</p>' });
    expect(created.status, created.text).toBe(201);
    const id = String(created.body.id);
    const image = await uploadImage('Article', id, 'tray.png');
    // an image of another record is not the article's: the portal leaves it out
    const contact = await c.post('/api/v1/contacts', { firstName: 'Ada', lastName: 'Lovelace' });
    const foreign = await uploadImage('Contact', String(contact.body.id), 'face.png');
    const html = [
      '<h2>Before you start</h2>',
      '<ul><li>Unpack the <strong>toner</strong></li><li>Open the <a href="javascript:alert(1)">tray</a></li></ul>',
      `<p><img src="https://blobs.example/signed?sig=abc" data-document-id="${image}" alt="The paper tray" onerror="alert(2)"></p>`,
      `<img src="x" data-document-id="${foreign}" alt="someone">`,
      '<img src="https://tracker.example/pixel.gif">',
      '<script>alert(3)</script><p style="color:red" onclick="x()">See <a href="https://example.com/docs">the manual</a>.</p>',
    ].join('');
    const etag = String((await c.get(`/api/v1/articles/${id}`)).headers.etag);
    const patched = await c.patch(`/api/v1/articles/${id}`, [{ op: 'replace', path: '/content', value: html }], {
      'content-type': 'application/json-patch+json',
      'if-match': etag,
    });
    expect(patched.status, patched.text).toBe(200);
    const stored = String(patched.body.content);
    expect(stored).toContain('<h2>Before you start</h2>');
    expect(stored).toContain('<li>Unpack the <strong>toner</strong></li>');
    expect(stored).toContain(`<img data-document-id="${image}" alt="The paper tray" />`);
    expect(stored).not.toMatch(/script|onerror|onclick|style=|javascript:|src=|tracker/);
    expect(stored).toContain('<a href="https://example.com/docs" target="_blank" rel="noopener noreferrer nofollow">the manual</a>');

    // the search indexes the words: the text is found, the tags and attributes are not
    const search = (q: string) => c.post('/api/v1/articles/search', { q });
    expect((await search('toner')).body.data.map((h: { id: string }) => h.id)).toEqual([id]);
    for (const markup of ['h2', 'li', 'strong', 'img', 'alt', 'href']) expect((await search(markup)).body.data, markup).toEqual([]);

    expect((await c.post(`/api/v1/articles/${id}/publish`, {})).status).toBe(200);
    const page = await anonymous.get(`/api/v1/public/portal/${workspace}/help/articles/printer-setup`);
    expect(page.status, page.text).toBe(200);
    const served = String(page.body.html);
    const src = /<img src="([^"]+)" data-document-id="([^"]+)" alt="The paper tray" \/>/.exec(served);
    expect(src?.[2]).toBe(image);
    expect(served).not.toContain(foreign);
    expect(served.match(/<img/g)).toHaveLength(1);
    // the signed address serves the image to anyone holding it, inline
    const url = new URL((src?.[1] ?? '').replace(/&amp;/g, '&'), 'http://localhost');
    const img = await anonymous.raw({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
  });

  it('indexes and snippets HTML entities as the characters they stand for, not as words', async () => {
    const decoded = await t.sql<{ text: string }>(`select atrium_html_text($1) as text`, [
      '<p>Fish &amp; chips, caf&#233; &#x2014; &lt;b&gt; &quot;ok&quot; &amp;lt; &hellip;&nbsp;end</p>',
    ]);
    expect(decoded[0]?.text).toBe(' Fish & chips, café — <b> "ok" &lt;   end ');
    const created = await c.post('/api/v1/articles', {
      helpdeskId,
      title: 'Terms &amp; conditions',
      content: '<p>Refunds &amp; returns within 30 days &lt;see below&gt;.</p>',
    });
    expect(created.status, created.text).toBe(201);
    const id = String(created.body.id);
    const vector = await t.sql<{ v: string }>('select search_vector::text as v from articles where id = $1', [id]);
    expect(vector[0]?.v).not.toMatch(/'amp'|'lt'|'gt'/);
    const search = (q: string) => c.post('/api/v1/articles/search', { q });
    for (const word of ['amp', 'lt', 'gt']) expect((await search(word)).body.data, word).toEqual([]);
    const hits = (await search('refunds')).body.data as { id: string; snippet: string }[];
    expect(hits.map((h) => h.id)).toEqual([id]);
    expect(hits[0]?.snippet).toContain('<mark>Refunds</mark> & returns');
    expect(hits[0]?.snippet).not.toContain('&amp;');
  });

  it("refuses an upload that is no image, by the spec's image rules, and writes nothing", async () => {
    const created = await c.post('/api/v1/articles', { helpdeskId, title: 'No images here' });
    const res = await c.raw({
      method: 'POST',
      url: '/api/v1/core/documents/images',
      ...multipart(
        { entityKind: 'Article', entityId: String(created.body.id) },
        { name: 'notes.txt', data: Buffer.from('hello'), type: 'text/plain' },
      ),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'file', code: 'imageType' })]);
    const list = await c.post('/api/v1/core/documents/list', { entityKind: 'Article', entityId: String(created.body.id) });
    expect(list.body.total).toBe(0);
  });
});
