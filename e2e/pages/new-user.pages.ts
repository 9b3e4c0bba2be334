import { expect, type Locator, type Page } from '@playwright/test';

// The signed-in user's calls, with the page's own session and workspace, for test set-up and
// for checking what the server holds.
export async function workspaceApi(page: Page) {
  const session = (await (await page.request.get('/auth/session')).json()) as { accessToken: string };
  const tenantId = await page.evaluate(() => window.localStorage.getItem('TENANT_ID') ?? '');
  const headers = { authorization: `Bearer ${session.accessToken}`, 'x-tenant-id': tenantId };
  return {
    async put(path: string, body: unknown): Promise<void> {
      const res = await page.request.put(path, { headers, data: body });
      expect(res.ok(), await res.text()).toBe(true);
    },
    async post<T>(path: string, body: unknown): Promise<T> {
      const res = await page.request.post(path, { headers, data: body });
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as T;
    },
    async patchRaw(path: string, version: number, ops: unknown[]): Promise<{ status: number; body: { errors?: unknown[] } }> {
      const res = await page.request.patch(path, {
        headers: { ...headers, 'if-match': `"${version}"`, 'content-type': 'application/json-patch+json' },
        data: JSON.stringify(ops),
      });
      return { status: res.status(), body: (await res.json()) as { errors?: unknown[] } };
    },
    // names of the files and folders at the top of a record's documents
    async documentNames(entityKind: string, entityId: string): Promise<string[]> {
      const res = await page.request.post('/api/v1/core/documents/list', {
        headers,
        data: { entityKind, entityId, parentId: null, page: 1, pageSize: 100 },
      });
      expect(res.ok(), await res.text()).toBe(true);
      return ((await res.json()) as { data: { name: string }[] }).data.map((d) => d.name);
    },
    async folder(entityKind: string, entityId: string, name: string): Promise<void> {
      const res = await page.request.post('/api/v1/core/documents', { headers, data: { entityKind, entityId, name, type: 'Folder' } });
      expect(res.status(), await res.text()).toBe(201);
    },
  };
}

// A file custom field on a record form: upload through the browser's file chooser.
export class FileFieldInput {
  constructor(
    private readonly page: Page,
    private readonly label: string,
  ) {}
  item(): Locator {
    return this.page.locator('.ant-form-item').filter({ has: this.page.getByText(this.label, { exact: true }) });
  }
  async upload(name: string, mimeType: string, content: string): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.page.getByRole('button', { name: `Upload a file to ${this.label}` }).click();
    await (await chooser).setFiles({ name, mimeType, buffer: Buffer.from(content) });
  }
  file(name: string): Locator {
    return this.item().getByText(name, { exact: true });
  }
}
