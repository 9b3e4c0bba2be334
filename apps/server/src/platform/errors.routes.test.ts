import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { registerErrorHandling } from './errors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

// Issue 25: a conflict the database refuses names the field and the rule, never the
// constraint's name, the database's text or the values.
describe('database conflicts', () => {
  it('answer 409 with the field of a key constraint, or a generic conflict, and no constraint name or SQL', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    const run = (text: string) => async () => t.database.admin.query(text);
    await t.database.admin.query(`create table guard_parents (tenant_id uuid, id int, primary key (tenant_id, id))`);
    await t.database.admin.query(`create table guard_things (
      tenant_id uuid, display_name text, parent_id int, a int, b int,
      constraint guard_things_parent_fk foreign key (tenant_id, parent_id) references guard_parents (tenant_id, id))`);
    await t.database.admin.query(`create unique index guard_things_name_key on guard_things (tenant_id, lower(display_name))`);
    await t.database.admin.query(`create unique index guard_things_sum_key on guard_things ((a + b))`);
    const tenant = '00000000-0000-4000-8000-000000000001';
    await t.database.admin.query(`insert into guard_things (tenant_id, display_name, a, b) values ($1, 'Secret Name', 1, 2)`, [tenant]);
    app.get('/name', run(`insert into guard_things (tenant_id, display_name) values ('${tenant}', 'secret name')`));
    app.get('/parent', run(`insert into guard_things (tenant_id, display_name, parent_id) values ('${tenant}', 'x', 42)`));
    app.get('/sum', run(`insert into guard_things (tenant_id, display_name, a, b) values ('${tenant}', 'y', 2, 1)`));
    try {
      const name = await app.inject({ method: 'GET', url: '/name' });
      expect(name.statusCode).toBe(409);
      expect(name.json()).toMatchObject({ code: 'unique', errors: [{ field: 'displayName', code: 'unique' }] });
      const parent = await app.inject({ method: 'GET', url: '/parent' });
      expect(parent.statusCode).toBe(409);
      expect(parent.json()).toMatchObject({ code: 'conflict', errors: [{ field: 'parentId', code: 'conflict' }] });
      const sum = await app.inject({ method: 'GET', url: '/sum' });
      expect(sum.statusCode).toBe(409);
      expect(sum.json()).toMatchObject({ code: 'unique', detail: 'This conflicts with the stored data', errors: [{ field: 'body' }] });
      for (const res of [name, parent, sum])
        expect(res.body).not.toMatch(/guard_|constraint|violates|insert into|secret|Key \(|tenant_id|0000-4000/i);
    } finally {
      await app.close();
      await t.database.admin.query(`drop table guard_things; drop table guard_parents`);
    }
  });
});
