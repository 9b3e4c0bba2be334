import { randomUUID } from 'node:crypto';
import { importJWK, SignJWT } from 'jose';
import pg from 'pg';
import { inject } from 'vitest';
import { ENTITY_DEFINITIONS, type EntityKind } from '@atrium/domain';
import { buildApp, type App, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/platform/config';
import { openDatabase, type Database } from '../src/platform/database';
import { API_AUDIENCE } from '../src/identity/keys';

export const TEMPLATE_DB = 'atrium_test_template';

export type TestUser = { id: string; email: string; name: string };
export type Reply<T = any> = { status: number; body: T; headers: Record<string, string | string[] | undefined>; text: string };
export type Client = {
  get: <T = any>(url: string, headers?: Record<string, string>) => Promise<Reply<T>>;
  delete: <T = any>(url: string, headers?: Record<string, string>) => Promise<Reply<T>>;
  post: <T = any>(url: string, body?: unknown, headers?: Record<string, string>) => Promise<Reply<T>>;
  put: <T = any>(url: string, body?: unknown, headers?: Record<string, string>) => Promise<Reply<T>>;
  patch: <T = any>(url: string, body?: unknown, headers?: Record<string, string>) => Promise<Reply<T>>;
  raw: (opts: { method: string; url: string; payload?: string | Buffer; headers?: Record<string, string> }) => Promise<Reply>;
};

export type TestApp = {
  app: App;
  config: Config;
  database: Database;
  dbName: string;
  // runs as the database owner, bypassing RLS: for assertions and fixtures only
  sql: <R extends pg.QueryResultRow = any>(text: string, params?: unknown[]) => Promise<R[]>;
  createUser: (overrides?: Partial<{ email: string; name: string }>) => Promise<TestUser>;
  tokenFor: (user: TestUser, opts?: { expiresIn?: string | number }) => Promise<string>;
  client: (user?: TestUser, tenantId?: string) => Client;
  createTenant: (
    owner: TestUser,
    body?: Partial<{ name: string; slug: string; domain: string; domainSignUp: boolean }>,
  ) => Promise<{ id: string; slug: string; name: string }>;
  addMember: (tenantId: string, role: 'Admin' | 'Member' | 'PortalUser', user?: TestUser) => Promise<TestUser & { tenantUserId: string }>;
  // the membership id (tenant_users.id) of a user in a workspace, e.g. its creator's
  tenantUserIdOf: (tenantId: string, userId: string) => Promise<string>;
  // a member whose custom role holds exactly these permissions (plus the default ones)
  addMemberWith: (tenantId: string, permissions: readonly string[]) => Promise<TestUser & { tenantUserId: string }>;
  // a new record of an engine kind (required text fields filled in), as a shared-record target
  newRecord: (client: Client, kind?: EntityKind) => Promise<{ entityKind: EntityKind; entityId: string }>;
  close: () => Promise<void>;
};

// Polls until `check` holds (a job finished, a row arrived), or fails naming what it waited for.
// A workspace with its owner's client, and a stranger's in a workspace of their own: the pair
// most tests start from (the stranger's calls prove another workspace's records answer 404).
export async function ownerAndStranger(t: TestApp): Promise<{ c: Client; other: Client; tenantId: string }> {
  const owner = await t.createUser();
  const tenantId = (await t.createTenant(owner)).id;
  const stranger = await t.createUser();
  return { c: t.client(owner, tenantId), other: t.client(stranger, (await t.createTenant(stranger)).id), tenantId };
}

// The owner (named Olivia Owner), a member whose role holds exactly `permissions` (plus the
// default ones) and a stranger in a workspace of their own, with their clients and membership ids:
// the cast of a module's route tests.
export async function ownerMemberAndStranger(
  t: TestApp,
  permissions: readonly string[],
): Promise<{ c: Client; member: Client; other: Client; tenantId: string; ownerId: string; memberId: string }> {
  const owner = await t.createUser({ name: 'Olivia Owner' });
  const tenantId = (await t.createTenant(owner)).id;
  const m = await t.addMemberWith(tenantId, permissions);
  const stranger = await t.createUser();
  return {
    c: t.client(owner, tenantId),
    member: t.client(m, tenantId),
    other: t.client(stranger, (await t.createTenant(stranger)).id),
    tenantId,
    ownerId: await t.tenantUserIdOf(tenantId, owner.id),
    memberId: m.tenantUserId,
  };
}

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 20_000, describe?: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}${describe ? `\n${describe()}` : ''}`);
}

// A multipart body with one file part named "file", as a browser sends it (for client.raw).
export function multipartFile(
  fileName: string,
  data: Buffer | string,
  contentType = 'application/octet-stream',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----atrium${randomUUID().replaceAll('-', '')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    typeof data === 'string' ? Buffer.from(data, 'utf8') : data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

// A fresh database per test file, cloned from the migrated template (global-setup.ts).
// Tests run as ATRIUM_ROLE=api unless they ask for a worker: no job polling in every file.
// `beforeReady` may add what a test needs (a test job type) before the app starts.
export async function createTestApp(
  overrides: Partial<Config> = {},
  env: NodeJS.ProcessEnv = {},
  build: BuildOptions & { beforeReady?: (app: App) => void } = {},
): Promise<TestApp> {
  const adminUrl = inject('pgAdminUrl');
  const dbName = `atrium_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`create database ${dbName} template ${TEMPLATE_DB}`);
  await admin.end();
  const url = withDatabase(adminUrl, dbName);
  const config = loadConfig(
    {
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: '/tmp/atrium-test-data',
      ATRIUM_ROLE: 'api',
      ...env,
    },
    overrides,
  );
  const database = openDatabase(url, 5);
  const app = await buildApp(config, database, build);
  build.beforeReady?.(app);
  await app.ready();

  const sqlFn = async <R extends pg.QueryResultRow>(text: string, params: unknown[] = []) =>
    (await database.admin.query<R>(text, params)).rows;

  let keyCache: { key: Awaited<ReturnType<typeof importJWK>>; kid: string } | undefined;
  const tokenFor = async (user: TestUser, opts: { expiresIn?: string | number } = {}) => {
    if (!keyCache) {
      const [row] = await sqlFn<{ jwk: { kid: string } }>('select jwk from identity.idp_keys where active limit 1');
      if (!row) throw new Error('no signing key');
      keyCache = { key: await importJWK(row.jwk, 'RS256'), kid: row.jwk.kid };
    }
    return new SignJWT({ scope: 'openid profile email' })
      .setProtectedHeader({ alg: 'RS256', kid: keyCache.kid, typ: 'at+jwt' })
      .setIssuer(config.oidc.issuer)
      .setAudience(API_AUDIENCE)
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime(opts.expiresIn ?? '15m')
      .sign(keyCache.key);
  };

  const client = (user?: TestUser, tenantId?: string): Client => {
    const send = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
      const h: Record<string, string> = { ...headers };
      if (user) h.authorization = `Bearer ${await tokenFor(user)}`;
      if (tenantId) h['x-tenant-id'] = tenantId;
      let payload: string | undefined;
      if (body !== undefined) {
        payload = typeof body === 'string' ? body : JSON.stringify(body);
        h['content-type'] ??= 'application/json';
      }
      const res = await app.inject({ method: method as 'GET', url, headers: h, ...(payload !== undefined ? { payload } : {}) });
      let parsed: unknown = undefined;
      try {
        parsed = res.body ? JSON.parse(res.body) : undefined;
      } catch {
        parsed = res.body;
      }
      return { status: res.statusCode, body: parsed, headers: res.headers, text: res.body } as Reply;
    };
    return {
      get: (url, headers) => send('GET', url, undefined, headers),
      delete: (url, headers) => send('DELETE', url, undefined, headers),
      post: (url, body, headers) => send('POST', url, body ?? {}, headers),
      put: (url, body, headers) => send('PUT', url, body ?? {}, headers),
      patch: (url, body, headers) => send('PATCH', url, body ?? [], headers),
      raw: async ({ method, url, payload, headers = {} }) => {
        const h: Record<string, string> = { ...headers };
        if (user) h.authorization = `Bearer ${await tokenFor(user)}`;
        if (tenantId) h['x-tenant-id'] = tenantId;
        const res = await app.inject({ method: method as 'GET', url, headers: h, ...(payload !== undefined ? { payload } : {}) });
        let parsed: unknown = undefined;
        try {
          parsed = res.body ? JSON.parse(res.body) : undefined;
        } catch {
          parsed = res.body;
        }
        return { status: res.statusCode, body: parsed, headers: res.headers, text: res.body } as Reply;
      },
    };
  };

  let counter = 0;
  const createUser = async (o: Partial<{ email: string; name: string }> = {}) => {
    counter += 1;
    const email = o.email ?? `user${counter}-${randomUUID().slice(0, 8)}@example.com`;
    const name = o.name ?? `User ${counter}`;
    const [row] = await sqlFn<TestUser>(
      `insert into users (email, name, email_verified_at) values ($1, $2, now()) returning id, email, name`,
      [email, name],
    );
    if (!row) throw new Error('user insert failed');
    return row;
  };

  const createTenant: TestApp['createTenant'] = async (owner, body = {}) => {
    const slug = body.slug ?? `ws-${randomUUID().slice(0, 8)}`;
    const res = await client(owner).post('/api/v1/admin/tenants', { name: body.name ?? `Workspace ${slug}`, slug, ...body });
    if (res.status !== 201) throw new Error(`tenant register failed: ${res.status} ${res.text}`);
    return res.body;
  };

  const addMember: TestApp['addMember'] = async (tenantId, role, user) => {
    const u = user ?? (await createUser());
    const [row] = await sqlFn<{ id: string }>(
      `insert into tenant_users (tenant_id, user_id, email, role_id, status, joined_at)
       select $1, $2, $3, r.id, 'active', now() from roles r where r.tenant_id = $1 and r.system_key = $4
       returning id`,
      [tenantId, u.id, u.email, role],
    );
    if (!row) throw new Error(`no ${role} role in ${tenantId}`);
    return { ...u, tenantUserId: row.id };
  };

  const tenantUserIdOf: TestApp['tenantUserIdOf'] = async (tenantId, userId) => {
    const [row] = await sqlFn<{ id: string }>('select id from tenant_users where tenant_id = $1 and user_id = $2', [tenantId, userId]);
    if (!row) throw new Error(`user ${userId} is no member of ${tenantId}`);
    return row.id;
  };

  const addMemberWith: TestApp['addMemberWith'] = async (tenantId, permissions) => {
    const u = await createUser();
    const [role] = await sqlFn<{ id: string }>(`insert into roles (tenant_id, name, permissions) values ($1, $2, $3) returning id`, [
      tenantId,
      `Role ${randomUUID().slice(0, 8)}`,
      permissions,
    ]);
    const [row] = await sqlFn<{ id: string }>(
      `insert into tenant_users (tenant_id, user_id, email, role_id, status, joined_at) values ($1, $2, $3, $4, 'active', now()) returning id`,
      [tenantId, u.id, u.email, role?.id],
    );
    if (!row) throw new Error('member insert failed');
    return { ...u, tenantUserId: row.id };
  };

  const newRecord: TestApp['newRecord'] = async (client, kind = 'Contact') => {
    const definition = ENTITY_DEFINITIONS.find((d) => d.kind === kind);
    if (!definition) throw new Error(`${kind} has no definition`);
    const body = Object.fromEntries(
      Object.entries(definition.fields)
        .filter(([, f]) => f.required && !f.readOnly)
        .map(([key]) => [key, `${key} ${randomUUID().slice(0, 6)}`]),
    );
    const res = await client.post(definition.basePath, body);
    if (res.status !== 201) throw new Error(`${kind} create failed: ${res.status} ${res.text}`);
    return { entityKind: kind, entityId: res.body.id as string };
  };

  return {
    app,
    config,
    database,
    dbName,
    sql: sqlFn,
    createUser,
    tokenFor,
    client,
    createTenant,
    addMember,
    tenantUserIdOf,
    addMemberWith,
    newRecord,
    close: async () => {
      await app.close();
      await database.close();
      const a = new pg.Client(adminUrl);
      await a.connect();
      await a.query(`drop database if exists ${dbName} with (force)`);
      await a.end();
    },
  };
}

const MINUTE_MS = 60_000;
const DAY_MS = 1440 * MINUTE_MS;
// A UTC day `days` from today at a time of day ('09:00'), as an ISO instant (booking tests).
export function utcDayAhead(days: number, hhmm: string): string {
  const d = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + days * DAY_MS);
  return new Date(`${d.toISOString().slice(0, 10)}T${hhmm}:00Z`).toISOString();
}
export const plusMinutes = (iso: string, minutes: number): string => new Date(Date.parse(iso) + minutes * MINUTE_MS).toISOString();
