import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('health and readiness', () => {
  it('answers health while the process is alive', async () => {
    const res = await t.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('is ready once the database is reachable and migrated', async () => {
    const res = await t.client().get('/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', mailOutbox: { pending: 0, failed: 0 } });
  });

  it('is not ready when migrations are missing', async () => {
    await t.sql(`delete from drizzle.__drizzle_migrations`);
    const res = await t.client().get('/api/ready');
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('serves the OpenAPI document without a CDN', async () => {
    const res = await t.client().get('/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const ui = await t.client().get('/api/docs/');
    expect(ui.text).not.toMatch(/https?:\/\/(unpkg|cdn|jsdelivr)/);
  });

  it('sets security headers and echoes a request id', async () => {
    const res = await t.client().get('/api/health', { 'x-request-id': 'abc-123' });
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // the same on an unknown path and on the identity provider, which writes its own responses
    for (const path of ['/api/v1/nothing-here', '/idp/.well-known/openid-configuration']) {
      const other = await t.client().get(path);
      expect(other.headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(other.headers['x-frame-options'], path).toBe('SAMEORIGIN');
      expect(other.headers['strict-transport-security'], path).toMatch(/max-age=/);
    }
  });

  it('answers unknown API paths with a problem', async () => {
    const res = await t.client().get('/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('notFound');
  });
});

describe('a connection the database cuts', () => {
  it('does not end the process when it was checked out and idle, and the pool serves on', async () => {
    const crashes: unknown[] = [];
    const onCrash = (err: unknown) => crashes.push(err);
    process.on('uncaughtException', onCrash);
    try {
      for (const pool of [t.database.app, t.database.admin, t.database.identity]) {
        // a transaction waiting on the application when the server goes (restart, failover)
        const client = await pool.connect();
        const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
        const lost = new Promise((resolve) => client.once('end', resolve));
        await t.sql('select pg_terminate_backend($1)', [pid]);
        await lost;
        await expect(client.query('select 1')).rejects.toThrow();
        client.release(true);
        expect((await pool.query('select 1 as ok')).rows[0]).toEqual({ ok: 1 });
      }
      expect(crashes).toEqual([]);
    } finally {
      process.off('uncaughtException', onCrash);
    }
  });
});
