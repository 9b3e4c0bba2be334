import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

// Decision 098, issue 22: a workspace names the sites that may frame its embedded portal pages
// (none: any site) and their theme.
let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-web-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Atrium</title>');
  t = await createTestApp({ webDist: dir });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const URL = '/api/v1/admin/widget-settings';
const frameAncestors = (csp: string | string[] | undefined) => /frame-ancestors ([^;]+)/.exec(String(csp ?? ''))?.[1];
const framing = async (slug: string, query = '?embed=1&frame=atrium-1') => {
  const res = await t.client().get(`/portal/${slug}/book/meeting-rooms${query}`);
  return { ancestors: frameAncestors(res.headers['content-security-policy']), xfo: res.headers['x-frame-options'] };
};

async function workspace(slug: string) {
  const owner = await t.createUser();
  const ws = await t.createTenant(owner, { name: slug, slug });
  return { id: ws.id, slug, admin: t.client(owner, ws.id) };
}

describe('widget settings', () => {
  it('starts with any site and the default theme, and saves a list and a theme', async () => {
    const { admin, slug } = await workspace('widget-acme');
    expect((await admin.get(URL)).body).toEqual({ allowedOrigins: [], primaryColor: null, dark: false });
    expect(await framing(slug)).toEqual({ ancestors: '*', xfo: undefined });

    const put = await admin.put(URL, {
      allowedOrigins: ['https://www.Example.com/', 'http://localhost:8080', 'https://www.example.com', 'http://[::1]:3000'],
      primaryColor: '#0B7A75',
      dark: true,
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      allowedOrigins: ['https://www.example.com', 'http://localhost:8080', 'http://[::1]:3000'],
      primaryColor: '#0b7a75',
      dark: true,
    });
    expect((await admin.get(URL)).body).toEqual(put.body);
    // the node that saved it applies it at once
    expect(await framing(slug)).toEqual({ ancestors: 'https://www.example.com http://localhost:8080 http://[::1]:3000', xfo: undefined });
    // outside embedded mode and on the app nothing changes
    expect((await framing(slug, '')).ancestors).toBe("'none'");
    expect((await framing(slug, '')).xfo).toBe('SAMEORIGIN');
    expect((await t.client().get(`/api/v1/public/portal-theme/${slug}`)).body).toEqual({ primaryColor: '#0b7a75', dark: true });

    // an empty list is any site again
    expect((await admin.put(URL, { allowedOrigins: [], primaryColor: null, dark: false })).status).toBe(200);
    expect(await framing(slug)).toEqual({ ancestors: '*', xfo: undefined });
    expect((await t.client().get(`/api/v1/public/portal-theme/${slug}`)).body).toEqual({ primaryColor: null, dark: false });
  });

  it('keeps each list to its workspace; an unknown workspace is framed by any site', async () => {
    const a = await workspace('widget-one');
    const b = await workspace('widget-two');
    await a.admin.put(URL, { allowedOrigins: ['https://one.example'], primaryColor: null, dark: false });
    expect((await framing(a.slug)).ancestors).toBe('https://one.example');
    expect((await framing(b.slug)).ancestors).toBe('*');
    expect((await framing('no-such-workspace')).ancestors).toBe('*');
    expect((await b.admin.get(URL)).body.allowedOrigins).toEqual([]);
    expect((await t.client().get('/api/v1/public/portal-theme/no-such-workspace')).body).toEqual({ primaryColor: null, dark: false });
  });

  it('refuses bad sites and colours naming the item and the rule, and writes nothing', async () => {
    const { admin, slug } = await workspace('widget-bad');
    const refused = async (body: object) => {
      const res = await admin.put(URL, { allowedOrigins: [], primaryColor: null, dark: false, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      return res.body.errors[0];
    };
    for (const bad of [
      'example.com',
      'ftp://example.com',
      'https://example.com/path',
      'https://example.com?x=1',
      'https://user@example.com',
      'https://exa mple.com',
      'https://example.com:99999',
      "https://example.com; script-src 'unsafe-inline'",
      '*',
      '',
    ]) {
      expect(await refused({ allowedOrigins: ['https://ok.example', bad] }), bad).toMatchObject({
        field: 'allowedOrigins.1',
        code: 'invalidOrigin',
      });
    }
    const many = Array.from({ length: 51 }, (_, i) => `https://site${i}.example`);
    expect(await refused({ allowedOrigins: many })).toMatchObject({ field: 'allowedOrigins', code: 'maxItems' });
    for (const bad of ['red', '#12345', '#1234567', '#gggggg', 'rgb(0,0,0)']) {
      expect(await refused({ primaryColor: bad }), bad).toMatchObject({ field: 'primaryColor', code: 'invalidColor' });
    }
    expect((await admin.get(URL)).body).toEqual({ allowedOrigins: [], primaryColor: null, dark: false });
    expect((await framing(slug)).ancestors).toBe('*');
    // 50 is fine
    expect((await admin.put(URL, { allowedOrigins: many.slice(0, 50), primaryColor: null, dark: false })).status).toBe(200);
  });

  it('lets ViewWorkspace see and only ManageWorkspace change', async () => {
    const { id, admin } = await workspace('widget-perm');
    const viewer = t.client(await t.addMemberWith(id, ['Setting.ViewWorkspace']), id);
    const nobody = t.client(await t.addMemberWith(id, []), id);
    expect((await viewer.get(URL)).status).toBe(200);
    expect((await viewer.put(URL, { allowedOrigins: [], primaryColor: null, dark: true })).status).toBe(403);
    expect((await nobody.get(URL)).status).toBe(403);
    expect((await admin.get(URL)).body.dark).toBe(false);
  });
});
