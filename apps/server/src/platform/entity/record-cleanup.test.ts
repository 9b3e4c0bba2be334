import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../../../test/harness';
import { blobStoreFor } from '../blobs/blob-store';

// Two apps built in one process (as tests and a reload do): each purged record runs the
// clean-up its own app registered, with that app's blob store, and only that one.
let first: TestApp;
let second: TestApp;
let a: Client;
let b: Client;

beforeAll(async () => {
  first = await createTestApp();
  second = await createTestApp();
  const ownerA = await first.createUser();
  a = first.client(ownerA, (await first.createTenant(ownerA)).id);
  const ownerB = await second.createUser();
  b = second.client(ownerB, (await second.createTenant(ownerB)).id);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await first?.close();
  await second?.close();
});

async function createDeleteAndPurge(c: Client): Promise<void> {
  const created = await c.post('/api/v1/organizations', { name: 'Gone tomorrow' });
  expect(created.status, created.text).toBe(201);
  const deleted = await c.delete(`/api/v1/organizations/${created.body.id}`);
  expect(deleted.status, deleted.text).toBe(204);
  // the clean-up runs when the record leaves the recycle bin (decision 086)
  const purged = await c.post('/api/v1/organizations/purge', { ids: [created.body.id] });
  expect(purged.status, purged.text).toBe(200);
}

describe('record clean-up per app', () => {
  it('runs each app’s own clean-up with its own blob store', async () => {
    const storeA = blobStoreFor(first.config);
    const storeB = blobStoreFor(second.config);
    expect(storeA).not.toBe(storeB);
    const deletedA = vi.spyOn(storeA, 'delete');
    const deletedB = vi.spyOn(storeB, 'delete');

    await createDeleteAndPurge(b);
    expect(deletedB).toHaveBeenCalledTimes(1);
    expect(deletedA).not.toHaveBeenCalled();

    await createDeleteAndPurge(a);
    expect(deletedA).toHaveBeenCalledTimes(1);
    expect(deletedB).toHaveBeenCalledTimes(1);
  });
});
