import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { AppError } from '../errors';
import { inWorkspace } from '../jobs/workspace-walk';
import { entityRegistry, type RegisteredEntity } from '.';
import { listConditions } from './entity.service';

// listConditions (decision 095): several queries' conditions on one kind with its fields read
// once; a query that does not compile gives its 400 in its place, the others still compile.
let t: TestApp;
let tenantId: string;
let contact: RegisteredEntity;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.createUser();
  tenantId = (await t.createTenant(owner)).id;
  contact = entityRegistry(t.app.atrium.router).get('Contact')!;
});
afterAll(async () => t?.close());

describe('listConditions', () => {
  it('compiles each query, a broken one answering its 400 in its place', async () => {
    const out = await inWorkspace(t.database, tenantId, (ctx) =>
      listConditions(ctx, contact, [
        { filters: [{ field: 'lastName', op: 'eq', value: 'X' }] },
        { filters: [{ field: 'customFields.gone', op: 'eq', value: 'X' }] },
        { filters: [] },
      ]),
    );
    expect(out).toHaveLength(3);
    expect(out[0]).not.toBeInstanceOf(AppError);
    expect(out[1]).toBeInstanceOf(AppError);
    expect((out[1] as AppError).status).toBe(400);
    expect((out[1] as AppError).errors?.[0]).toMatchObject({ field: 'filters.0.field', code: 'unknownField' });
    expect(out[2]).not.toBeInstanceOf(AppError);
  });
});
