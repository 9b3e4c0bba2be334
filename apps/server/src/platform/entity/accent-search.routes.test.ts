import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../../../test/harness';

// Search without accents (issue 26): "oztürk" finds "Öztürk", "jose" finds "José", in the list's
// search, the custom-field values, Ctrl/Cmd+K, a reference picker and the similar-title warning.
let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.createUser();
  c = t.client(owner, (await t.createTenant(owner)).id);
  const fields = await c.put('/api/v1/core/entity-fields?entity=Contact', {
    fields: [{ kind: 'singleLine', label: 'Hometown', key: 'hometown' }],
  });
  expect(fields.status, fields.text).toBe(200);
  for (const body of [
    { firstName: 'Zeynep', lastName: 'Öztürk' },
    { firstName: 'José', lastName: 'Núñez', customFields: { hometown: 'Málaga' } },
    { firstName: 'Ozan', lastName: 'Kaya' },
  ]) {
    const res = await c.post('/api/v1/contacts', body);
    expect(res.status, res.text).toBe(201);
  }
  expect((await c.post('/api/v1/organizations', { name: 'Société Générale' })).status).toBe(201);
});
afterAll(async () => t.close());

const listed = async (search: string) => {
  const res = await c.post('/api/v1/contacts/list', { search });
  expect(res.status, res.text).toBe(200);
  return (res.body.data as { title: string }[]).map((r) => r.title).sort();
};

describe('search ignores accents and case', () => {
  it('in a list: typed with or without accents, in either case', async () => {
    expect(await listed('oztürk')).toEqual(['Zeynep Öztürk']);
    expect(await listed('OZTURK')).toEqual(['Zeynep Öztürk']);
    expect(await listed('Öztürk')).toEqual(['Zeynep Öztürk']);
    expect(await listed('jose nunez')).toEqual(['José Núñez']);
    expect(await listed('jose')).toEqual(['José Núñez']);
    expect(await listed('nuñez')).toEqual(['José Núñez']);
    // a custom field's value
    expect(await listed('malaga')).toEqual(['José Núñez']);
    // no accent-free false friends: "oz" still matches both O-z names
    expect(await listed('oz')).toEqual(['Ozan Kaya', 'Zeynep Öztürk']);
  });

  it('in Ctrl/Cmd+K, a reference picker and the similar-title warning', async () => {
    const found = await c.get(`/api/v1/core/search?q=${encodeURIComponent('societe')}`);
    expect(found.status, found.text).toBe(200);
    expect(found.body.groups.flatMap((g: { data: { title: string }[] }) => g.data.map((h) => h.title))).toEqual(['Société Générale']);
    const picker = await c.post('/api/v1/core/lookups', { entities: ['Organization', 'Contact'], search: 'generale' });
    expect(picker.status, picker.text).toBe(200);
    expect(picker.body.Organization).toEqual([{ value: expect.any(String), label: 'Société Générale' }]);
    const similar = await c.post('/api/v1/contacts/duplicates', { values: {}, title: 'Zeynep Ozturk' });
    expect(similar.status, similar.text).toBe(200);
    expect(similar.body.data).toEqual([expect.objectContaining({ title: 'Zeynep Öztürk', matches: ['title'] })]);
  });
});
