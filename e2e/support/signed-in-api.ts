import { expect, type APIResponse, type BrowserContext, type Page } from '@playwright/test';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
// `status`: the one answer the call must get (default: a 2xx); `headers`: sent besides the session's
type CallOptions = { status?: number; headers?: Record<string, string> };
export type PatchAnswer = { status: number; body: Record<string, unknown> & { errors?: unknown[] } };

// The API as the user signed in on `page` (or in a context), the one way browser tests call it:
// for seeding data a test only needs to exist and for checking what the server holds.
// `tenantId`: the workspace the calls are made in (default: the one the page has chosen, TENANT_ID
// in its localStorage; null: none, for user-level calls such as creating a workspace).
export async function signedInApi(page: Page | BrowserContext, tenantId?: string | null) {
  const session = (await (await page.request.get('/auth/session')).json()) as { accessToken: string | null };
  expect(session.accessToken, 'the session is signed in').toBeTruthy();
  let tenant = tenantId;
  if (tenant === undefined) {
    if (!('evaluate' in page)) throw new Error('a context has no chosen workspace: name the tenant');
    tenant = await page.evaluate(() => window.localStorage.getItem('TENANT_ID') ?? '');
  }
  const headers: Record<string, string> = {
    authorization: `Bearer ${session.accessToken ?? ''}`,
    ...(tenant === null ? {} : { 'x-tenant-id': tenant }),
  };

  // the answer whatever its status, for tests of refusals
  const send = (method: Method, path: string, data?: unknown, extra: Record<string, string> = {}): Promise<APIResponse> =>
    page.request.fetch(path, { method, headers: { ...headers, ...extra }, ...(data === undefined ? {} : { data }) });

  async function call<T>(method: Method, path: string, data?: unknown, options: CallOptions = {}): Promise<T> {
    const res = await send(method, path, data, options.headers);
    const text = await res.text();
    if (options.status) expect(res.status(), `${method} ${path}: ${text}`).toBe(options.status);
    else expect(res.ok(), `${method} ${path}: ${res.status()} ${text}`).toBe(true);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    send,
    call,
    get: <T = Record<string, unknown>>(path: string, options?: CallOptions) => call<T>('GET', path, undefined, options),
    post: <T = Record<string, unknown>>(path: string, data: unknown, options?: CallOptions) => call<T>('POST', path, data, options),
    put: <T = Record<string, unknown>>(path: string, data: unknown, options?: CallOptions) => call<T>('PUT', path, data, options),
    // a JSON Patch at the version the caller read; the answer whatever its status
    async patch(path: string, version: number, ops: unknown[]): Promise<PatchAnswer> {
      const res = await send('PATCH', path, JSON.stringify(ops), {
        'if-match': `"${version}"`,
        'content-type': 'application/json-patch+json',
      });
      return { status: res.status(), body: (await res.json()) as PatchAnswer['body'] };
    },
    createContact: (body: Record<string, unknown>) =>
      call<{ id: string; version: number }>('POST', '/api/v1/contacts', body, { status: 201 }),
    getContact: (id: string) =>
      call<Record<string, unknown> & { version: number }>('GET', `/api/v1/contacts/${id}`, undefined, { status: 200 }),
    // names of the files and folders at the top of a record's documents
    async documentNames(entityKind: string, entityId: string): Promise<string[]> {
      const page = await call<{ data: { name: string }[] }>('POST', '/api/v1/core/documents/list', {
        entityKind,
        entityId,
        parentId: null,
        page: 1,
        pageSize: 100,
      });
      return page.data.map((d) => d.name);
    },
    folder: (entityKind: string, entityId: string, name: string) =>
      call<void>('POST', '/api/v1/core/documents', { entityKind, entityId, name, type: 'Folder' }, { status: 201 }),
  };
}

export type SignedInApi = Awaited<ReturnType<typeof signedInApi>>;
