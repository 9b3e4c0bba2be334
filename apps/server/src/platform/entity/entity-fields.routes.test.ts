import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../../../test/harness';

let t: TestApp;
let tenantId: string;
let admin: Client;
let member: Client;

const FIELDS = [
  { kind: 'heading', label: 'Profile', content: 'About this contact' },
  {
    kind: 'singleLine',
    label: 'Customer number',
    key: 'customerNo',
    dataType: 'text',
    required: true,
    unique: true,
    minCharacters: 3,
    maxCharacters: 10,
    showOnList: true,
    prefix: '#',
    tooltip: 'From the ERP',
    helpText: 'Three to ten characters',
  },
  { kind: 'singleLine', label: 'Billing e-mail', key: 'billingEmail', dataType: 'email' },
  { kind: 'singleLine', label: 'Homepage', key: 'homepage', dataType: 'url', showPreview: true },
  { kind: 'singleLine', label: 'Seats', key: 'seats', dataType: 'number', suffix: 'seats' },
  { kind: 'multiLine', label: 'Notes', key: 'notes', maxCharacters: 50 },
  {
    kind: 'radio',
    label: 'Tier',
    key: 'tier',
    options: [
      { value: 'gold', label: 'Gold' },
      { value: 'silver', label: 'Silver' },
    ],
    showOnList: true,
  },
  {
    kind: 'checkbox',
    label: 'Interests',
    key: 'interests',
    options: [
      { value: 'a', label: 'A' },
      { value: 'b', label: 'B' },
      { value: 'c', label: 'C' },
    ],
  },
  {
    kind: 'dropdown',
    label: 'Region',
    key: 'region',
    options: [
      { value: 'eu', label: 'EU' },
      { value: 'us', label: 'US' },
    ],
    defaultValue: 'eu',
  },
  {
    kind: 'dropdown',
    label: 'Languages',
    key: 'languages',
    multiselect: true,
    options: [
      { value: 'en', label: 'English' },
      { value: 'de', label: 'German' },
    ],
  },
  { kind: 'dateTime', label: 'Renewal', key: 'renewal', dataType: 'date', dateFormat: 'DD MMM YYYY' },
  { kind: 'dateTime', label: 'Last call', key: 'lastCall', dataType: 'dateTime' },
  { kind: 'symbol', label: 'Revenue', key: 'revenue', prefix: '€' },
  { kind: 'file', label: 'Contract', key: 'contract', minFiles: 1, maxFiles: 2, maxFileSize: 1000 },
  { kind: 'infoPanel', label: 'Careful', content: 'Restricted fields below' },
  { kind: 'singleLine', label: 'Salary', key: 'salary', dataType: 'decimal', restricted: true },
  { kind: 'singleLine', label: 'Source', key: 'source', readOnly: true, defaultValue: 'manual' },
  { kind: 'singleLine', label: 'Legacy id', key: 'legacyId', hidden: true, required: true, hideOnPortal: true },
  { kind: 'quote', label: 'Motto', content: 'Know your customer' },
];

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.createUser();
  tenantId = (await t.createTenant(owner)).id;
  admin = t.client(owner, tenantId);
  member = t.client(await t.addMember(tenantId, 'Member'), tenantId);
  const res = await admin.put('/api/v1/core/entity-fields?entity=Contact', { fields: FIELDS });
  if (res.status !== 200) throw new Error(res.text);
});
afterAll(async () => t.close());

const file = (size: number) => ({ id: crypto.randomUUID(), name: 'contract.pdf', size, contentType: 'application/pdf' });
const valid = (n: number, extra: Record<string, unknown> = {}) => ({
  customerNo: `C-${String(n).padStart(4, '0')}`,
  contract: [file(10)],
  ...extra,
});

async function createContact(body: Record<string, unknown>, c = admin) {
  const res = await c.post('/api/v1/contacts', body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe('entity field definitions', () => {
  it('stores every kind and attribute in order, with keys and data types', async () => {
    const res = await admin.get('/api/v1/core/entity-fields?entity=Contact');
    expect(res.status).toBe(200);
    expect(res.body.map((f: { kind: string }) => f.kind)).toEqual(FIELDS.map((f) => f.kind));
    expect(res.body.map((f: { position: number }) => f.position)).toEqual(FIELDS.map((_, i) => i));
    const byKey = Object.fromEntries(res.body.map((f: { key: string }) => [f.key, f]));
    expect(byKey.customerNo).toMatchObject({
      dataType: 'text',
      required: true,
      unique: true,
      minCharacters: 3,
      maxCharacters: 10,
      prefix: '#',
      tooltip: 'From the ERP',
      helpText: 'Three to ten characters',
      showOnList: true,
    });
    expect(byKey.languages.dataType).toBe('options');
    expect(byKey.region.dataType).toBe('option');
    expect(byKey.revenue.dataType).toBe('decimal');
    expect(byKey.contract).toMatchObject({ dataType: 'file', minFiles: 1, maxFiles: 2, maxFileSize: 1000 });
    expect(res.body[0].key).toMatch(/^heading_/);
  });

  it('refuses duplicate labels and keys, too few options, built-in keys and bad bounds', async () => {
    const put = (fields: unknown[]) => admin.put('/api/v1/core/entity-fields?entity=Contact', { fields });
    const cases: [unknown[], string, string][] = [
      [
        [
          { kind: 'singleLine', label: 'A', key: 'a' },
          { kind: 'singleLine', label: 'a', key: 'b' },
        ],
        'fields.1.label',
        'duplicateLabel',
      ],
      [
        [
          { kind: 'singleLine', label: 'A', key: 'a' },
          { kind: 'singleLine', label: 'B', key: 'A' },
        ],
        'fields.1.key',
        'duplicateKey',
      ],
      [[{ kind: 'radio', label: 'R', key: 'r', options: [{ value: 'x', label: 'X' }] }], 'fields.0.options', 'minimumOptions'],
      [[{ kind: 'dropdown', label: 'D', key: 'd', options: [] }], 'fields.0.options', 'minimumOptions'],
      [[{ kind: 'singleLine', label: 'E', key: 'email' }], 'fields.0.key', 'duplicateKey'],
      [[{ kind: 'singleLine', label: 'M', key: 'm', minCharacters: 5, maxCharacters: 2 }], 'fields.0.minCharacters', 'validation'],
      [[{ kind: 'singleLine', label: 'K' }], 'fields.0.key', 'required'],
      [[{ kind: 'singleLine', label: 'U', key: 'u', dataType: 'email', defaultValue: 'nope' }], 'fields.0.defaultValue', 'invalidEmail'],
      [[{ kind: 'file', label: 'F', key: 'f', maxFileSize: 60_000_000 }], 'fields.0.maxFileSize', 'fileSize'],
    ];
    for (const [fields, field, code] of cases) {
      const res = await put(fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.errors, JSON.stringify(fields)).toContainEqual(expect.objectContaining({ field, code }));
    }
    const current = (await admin.get('/api/v1/core/entity-fields?entity=Contact')).body;
    const renamed = current.map((f: { key: string }) => (f.key === 'tier' ? { ...f, key: 'level' } : f));
    const res = await put(renamed.map(({ position: _p, ...f }: { position: number }) => f));
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('readOnlyField');
  });

  it('lists custom fields as columns, shown on the list when asked', async () => {
    const res = await admin.get('/api/v1/core/entity-fields/columns?entity=Contact');
    const cols = Object.fromEntries(res.body.map((c: { key: string }) => [c.key, c]));
    expect(cols['customFields.customerNo']).toMatchObject({ custom: true, visible: true, type: 'text', sortable: true });
    expect(cols['customFields.interests']).toMatchObject({ type: 'array', sortable: false, visible: false });
    expect(cols['customFields.seats'].type).toBe('number');
    expect(cols['customFields.profile']).toBeUndefined();
    expect((await admin.get('/api/v1/contacts/entity-field-columns')).body).toEqual(res.body);
  });
});

describe('custom field values', () => {
  it('apply defaults, and keep read-only and hidden values', async () => {
    const c = await createContact({ firstName: 'Val', customFields: valid(1) });
    expect(c.customFields).toMatchObject({ customerNo: 'C-0001', region: 'eu', source: 'manual' });
    const ro = await admin.put(
      `/api/v1/contacts/${c.id}`,
      { firstName: 'Val', customFields: { ...valid(1), source: 'import' } },
      { 'if-match': '"1"' },
    );
    expect(ro.status).toBe(400);
    expect(ro.body.errors[0]).toMatchObject({ field: 'customFields.source', code: 'readOnlyField' });
    await t.sql(`update contacts set custom_fields = custom_fields || '{"legacyId":"L1"}' where id = $1`, [c.id]);
    const ok = await admin.put(
      `/api/v1/contacts/${c.id}`,
      { firstName: 'Val', customFields: { ...c.customFields, legacyId: 'L1', seats: 4 } },
      { 'if-match': '"1"' },
    );
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.customFields).toMatchObject({ legacyId: 'L1', seats: 4, source: 'manual' });
  });

  it('validate every rule with its message kind', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ contract: [file(10)] }, 'customFields.customerNo', 'required'],
      [valid(2, { customerNo: 'ab' }), 'customFields.customerNo', 'minLength'],
      [valid(2, { customerNo: 'abcdefghijk' }), 'customFields.customerNo', 'maxLength'],
      [valid(2, { billingEmail: 'not-an-email' }), 'customFields.billingEmail', 'invalidEmail'],
      [valid(2, { homepage: 'http://localhost/x' }), 'customFields.homepage', 'invalidUrl'],
      [valid(2, { homepage: 'mailto:a@b.com' }), 'customFields.homepage', 'invalidUrl'],
      [valid(2, { seats: 1.5 }), 'customFields.seats', 'validation'],
      [valid(2, { notes: 'x'.repeat(51) }), 'customFields.notes', 'maxLength'],
      [valid(2, { tier: 'bronze' }), 'customFields.tier', 'invalidOption'],
      [valid(2, { interests: ['a', 'z'] }), 'customFields.interests.1', 'invalidOption'],
      [valid(2, { renewal: '2025-13-01' }), 'customFields.renewal', 'validation'],
      [valid(2, { lastCall: 'yesterday' }), 'customFields.lastCall', 'validation'],
      [valid(2, { contract: [] }), 'customFields.contract', 'minimumFiles'],
      [valid(2, { contract: [file(1), file(1), file(1)] }), 'customFields.contract', 'maxFiles'],
      [valid(2, { contract: [file(5000)] }), 'customFields.contract', 'fileSize'],
      [valid(2, { nonsense: 1 }), 'customFields.nonsense', 'unknownField'],
      [valid(2, { profile: 'x' }), 'customFields.profile', 'unknownField'],
    ];
    for (const [customFields, field, code] of cases) {
      const res = await admin.post('/api/v1/contacts', { firstName: 'Bad', customFields });
      expect(res.status, `${field} ${code}: ${res.text}`).toBe(400);
      expect(res.body.errors, `${field} ${code}`).toContainEqual(expect.objectContaining({ field, code }));
    }
    const good = await createContact({
      firstName: 'Good',
      customFields: valid(3, {
        billingEmail: 'billing@example.com',
        homepage: 'https://www.example.com/about?x=1',
        seats: 10,
        tier: 'gold',
        interests: ['a', 'c'],
        languages: ['de'],
        renewal: '2026-01-31',
        lastCall: '2025-05-01T10:00:00+02:00',
        revenue: 1234.5,
      }),
    });
    expect(good.customFields.interests).toEqual(['a', 'c']);
  });

  it('unique values are enforced by the database and reported on the field', async () => {
    await createContact({ firstName: 'U1', customFields: valid(10) });
    const dup = await admin.post('/api/v1/contacts', { firstName: 'U2', customFields: valid(10, { customerNo: 'c-0010' }) });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0]).toMatchObject({ field: 'customFields.customerNo', code: 'unique' });
    // two writers at once: exactly one wins
    const both = await Promise.all([1, 2].map(() => admin.post('/api/v1/contacts', { firstName: 'Race', customFields: valid(11) })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    // making a field unique over duplicates is refused
    await createContact({ firstName: 'S1', customFields: valid(12, { billingEmail: 'same@example.com' }) });
    await createContact({ firstName: 'S2', customFields: valid(13, { billingEmail: 'same@example.com' }) });
    const defs = (await admin.get('/api/v1/core/entity-fields?entity=Contact')).body.map(
      ({ position: _p, ...f }: { position: number; key: string }) => (f.key === 'billingEmail' ? { ...f, unique: true } : f),
    );
    const res = await admin.put('/api/v1/core/entity-fields?entity=Contact', { fields: defs });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('unique');
  });

  it('restricted fields are neither served nor writable without the permissions', async () => {
    const c = await createContact({ firstName: 'Secret', customFields: valid(20, { salary: 100.5 }) });
    expect(c.customFields.salary).toBe(100.5);
    const seen = await member.get(`/api/v1/contacts/${c.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.customFields.salary).toBeUndefined();
    expect((await member.get('/api/v1/core/entity-fields?entity=Contact')).body.map((f: { key: string }) => f.key)).not.toContain('salary');
    expect((await member.get(`/api/v1/core/custom-field-values?entity=Contact&id=${c.id}`)).body.customFields.salary).toBeUndefined();
    const listed = await member.post('/api/v1/contacts/list', { filters: [{ field: 'customFields.salary', op: 'gt', value: 1 }] });
    expect(listed.status).toBe(400);
    const write = await member.put(
      `/api/v1/contacts/${c.id}`,
      { firstName: 'Secret', customFields: { ...seen.body.customFields, salary: 1 } },
      { 'if-match': seen.headers.etag as string },
    );
    expect(write.status).toBe(400);
    expect(write.body.errors[0]).toMatchObject({ field: 'customFields.salary', code: 'restrictedField' });
    // a member's write keeps the value it cannot see
    const ok = await member.put(
      `/api/v1/contacts/${c.id}`,
      { firstName: 'Secret', customFields: { ...seen.body.customFields, seats: 2 } },
      { 'if-match': seen.headers.etag as string },
    );
    expect(ok.status, ok.text).toBe(200);
    const [row] = await t.sql(`select custom_fields from contacts where id = $1`, [c.id]);
    expect(row.custom_fields.salary).toBe(100.5);
    // the member's timeline does not show restricted changes
    const etag = (await admin.get(`/api/v1/contacts/${c.id}`)).headers.etag as string;
    const patched = await admin.patch(`/api/v1/contacts/${c.id}`, [{ op: 'replace', path: '/customFields/salary', value: 200 }], {
      'if-match': etag,
      'content-type': 'application/json-patch+json',
    });
    expect(patched.status, patched.text).toBe(200);
    const mine = await member.get(`/api/v1/core/activity?target=Contact&targetId=${c.id}`);
    const theirs = await admin.get(`/api/v1/core/activity?target=Contact&targetId=${c.id}`);
    expect(theirs.body.total).toBe(mine.body.total + 1);
    expect(mine.body.data.some((a: { field: string }) => a.field === 'customFields.salary')).toBe(false);
  });
});

describe('list query on built-in and custom fields', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    const rows = [
      {
        firstName: 'Lq Anna',
        lastName: 'Zed',
        email: 'anna@acme.io',
        department: 'Acme',
        customFields: valid(101, { seats: 5, tier: 'gold', interests: ['a'], renewal: '2026-01-10', revenue: 10 }),
      },
      {
        firstName: 'Lq Ben',
        lastName: 'Young',
        email: 'ben@beta.io',
        department: 'Beta',
        customFields: valid(102, { seats: 15, tier: 'silver', interests: ['b', 'c'], renewal: '2026-03-10', revenue: 20 }),
      },
      {
        firstName: 'Lq Cleo',
        lastName: 'Xu',
        department: 'Acme Labs',
        customFields: valid(103, { seats: 25, interests: [], renewal: '2026-06-10' }),
      },
    ];
    ids = {};
    for (const r of rows) ids[r.firstName] = (await createContact(r)).id;
  });
  const names = async (body: Record<string, unknown>) => {
    const res = await admin.post('/api/v1/contacts/list', { search: 'lq ', ...body });
    expect(res.status, res.text).toBe(200);
    return res.body.data.map((r: { firstName: string }) => r.firstName.replace('Lq ', ''));
  };
  const f = (field: string, op: string, value?: unknown) => ({ filters: [{ field, op, ...(value !== undefined ? { value } : {}) }] });

  it('applies every operator', async () => {
    const expectations: [Record<string, unknown>, string[]][] = [
      [f('department', 'eq', 'Acme'), ['Anna']],
      [f('department', 'neq', 'Acme'), ['Cleo', 'Ben']],
      [f('department', 'contains', 'acme'), ['Cleo', 'Anna']],
      [f('department', 'notContains', 'acme'), ['Ben']],
      [f('department', 'startsWith', 'Acme'), ['Cleo', 'Anna']],
      [f('department', 'in', ['Beta', 'Acme']), ['Ben', 'Anna']],
      [f('department', 'notIn', ['Beta']), ['Cleo', 'Anna']],
      [f('email', 'isEmpty'), ['Cleo']],
      [f('email', 'isNotEmpty'), ['Ben', 'Anna']],
      [f('lastName', 'gt', 'Xu'), ['Ben', 'Anna']],
      [f('lastName', 'gte', 'Xu'), ['Cleo', 'Ben', 'Anna']],
      [f('lastName', 'lt', 'Young'), ['Cleo']],
      [f('lastName', 'lte', 'Young'), ['Cleo', 'Ben']],
      [f('lastName', 'between', ['Xa', 'Yz']), ['Cleo', 'Ben']],
      [f('customFields.seats', 'eq', 15), ['Ben']],
      [f('customFields.seats', 'neq', 15), ['Cleo', 'Anna']],
      [f('customFields.seats', 'gt', 5), ['Cleo', 'Ben']],
      [f('customFields.seats', 'gte', 15), ['Cleo', 'Ben']],
      [f('customFields.seats', 'lt', 15), ['Anna']],
      [f('customFields.seats', 'lte', 15), ['Ben', 'Anna']],
      [f('customFields.seats', 'between', [10, 30]), ['Cleo', 'Ben']],
      [f('customFields.seats', 'in', [5, 25]), ['Cleo', 'Anna']],
      [f('customFields.seats', 'notIn', [5, 25]), ['Ben']],
      [f('customFields.tier', 'eq', 'gold'), ['Anna']],
      [f('customFields.tier', 'isEmpty'), ['Cleo']],
      [f('customFields.tier', 'isNotEmpty'), ['Ben', 'Anna']],
      [f('customFields.customerNo', 'contains', '0101'), ['Anna']],
      [f('customFields.customerNo', 'notContains', '0101'), ['Cleo', 'Ben']],
      [f('customFields.customerNo', 'startsWith', 'c-0103'), ['Cleo']],
      [f('customFields.renewal', 'gt', '2026-02-01'), ['Cleo', 'Ben']],
      [f('customFields.renewal', 'between', ['2026-01-01', '2026-04-01']), ['Ben', 'Anna']],
      [f('customFields.revenue', 'isEmpty'), ['Cleo']],
      [f('customFields.interests', 'contains', 'c'), ['Ben']],
      [f('customFields.interests', 'eq', 'a'), ['Anna']],
      [f('customFields.interests', 'notContains', 'a'), ['Cleo', 'Ben']],
      [f('customFields.interests', 'in', ['a', 'b']), ['Ben', 'Anna']],
      [f('customFields.interests', 'notIn', ['a', 'b']), ['Cleo']],
      [f('customFields.interests', 'isEmpty'), ['Cleo']],
      [f('customFields.interests', 'isNotEmpty'), ['Ben', 'Anna']],
      [f('createdAt', 'gt', '2000-01-01T00:00:00Z'), ['Cleo', 'Ben', 'Anna']],
      [f('id', 'eq', 'ID'), ['Ben']],
    ];
    for (const [body, expected] of expectations) {
      const resolved = JSON.parse(JSON.stringify(body).replace('"ID"', JSON.stringify(ids['Lq Ben'])));
      expect(await names(resolved), JSON.stringify(body)).toEqual(expected);
    }
  });

  it('sorts by several columns, built-in and custom', async () => {
    expect(await names({})).toEqual(['Cleo', 'Ben', 'Anna']);
    expect(await names({ sort: [{ field: 'customFields.seats', order: 'desc' }] })).toEqual(['Cleo', 'Ben', 'Anna']);
    expect(
      await names({
        sort: [
          { field: 'customFields.tier', order: 'asc' },
          { field: 'firstName', order: 'desc' },
        ],
      }),
    ).toEqual(['Anna', 'Ben', 'Cleo']);
    expect(
      await names({
        sort: [
          { field: 'department', order: 'asc' },
          { field: 'lastName', order: 'asc' },
        ],
      }),
    ).toEqual(['Anna', 'Cleo', 'Ben']);
  });

  it('pages with 25, 50 or 100 rows and reports the total', async () => {
    const res = await admin.post('/api/v1/contacts/list', { search: 'lq', pageSize: 25, page: 2 });
    expect(res.body).toEqual({ data: [], total: 3 });
    expect((await admin.post('/api/v1/contacts/list', { pageSize: 10 })).status).toBe(400);
    expect((await admin.post('/api/v1/contacts/list', { pageSize: 100 })).status).toBe(200);
  });

  it('answers an unknown field, operator or bad value with a 400 naming it', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [f('shoeSize', 'eq', 1), 'filters.0.field', 'unknownField'],
      [f('customFields.nope', 'eq', 1), 'filters.0.field', 'unknownField'],
      [f('department', 'like', 'x'), 'filters.0.op', 'unknownOperator'],
      [f('customFields.seats', 'contains', '1'), 'filters.0.op', 'unknownOperator'],
      [f('customFields.seats', 'gt', 'many'), 'filters.0.value', 'validation'],
      [f('customFields.renewal', 'gt', 'soon'), 'filters.0.value', 'validation'],
      [f('department', 'between', ['a']), 'filters.0.value', 'validation'],
      [f('department', 'in', 'a'), 'filters.0.value', 'validation'],
      [{ sort: [{ field: 'nope', order: 'asc' }] }, 'sort.0.field', 'unknownField'],
      [{ sort: [{ field: 'customFields.interests', order: 'asc' }] }, 'sort.0.field', 'unknownField'],
    ];
    for (const [body, field, code] of cases) {
      const res = await admin.post('/api/v1/contacts/list', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0], JSON.stringify(body)).toMatchObject({ field, code });
    }
  });
});

describe('JSON Patch on a contact', () => {
  const patch = (id: string, ops: unknown[], etag?: string, c = admin) =>
    c.patch(`/api/v1/contacts/${id}`, ops, { 'content-type': 'application/json-patch+json', ...(etag ? { 'if-match': etag } : {}) });

  it('applies add, replace, remove, copy, move and test, with If-Match', async () => {
    const c = await createContact({ firstName: 'Pat', email: 'pat@example.com', customFields: valid(200) });
    expect((await patch(c.id, [{ op: 'replace', path: '/lastName', value: 'X' }])).status).toBe(428);
    const res = await patch(
      c.id,
      [
        { op: 'test', path: '/version', value: 1 },
        { op: 'replace', path: '/lastName', value: 'Smith' },
        { op: 'add', path: '/customFields/seats', value: 7 },
        { op: 'copy', from: '/email', path: '/customFields/billingEmail' },
        { op: 'move', from: '/email', path: '/customFields/notes' },
        { op: 'remove', path: '/customFields/region' },
        { op: 'add', path: '/customFields/interests', value: ['a'] },
        { op: 'add', path: '/customFields/interests/-', value: 'b' },
      ],
      '"1"',
    );
    expect(res.status, res.text).toBe(200);
    expect(res.headers.etag).toBe('"2"');
    expect(res.body).toMatchObject({ lastName: 'Smith', email: null, version: 2 });
    expect(res.body.customFields).toMatchObject({
      seats: 7,
      billingEmail: 'pat@example.com',
      notes: 'pat@example.com',
      interests: ['a', 'b'],
    });
    expect(res.body.customFields.region).toBeUndefined();
    const failed = await patch(
      c.id,
      [
        { op: 'test', path: '/lastName', value: 'Jones' },
        { op: 'replace', path: '/firstName', value: 'Never' },
      ],
      '"2"',
    );
    expect(failed.status).toBe(409);
    expect(failed.body.code).toBe('patchTestFailed');
    expect((await admin.get(`/api/v1/contacts/${c.id}`)).body.firstName).toBe('Pat');
    expect((await patch(c.id, [{ op: 'replace', path: '/firstName', value: 'Old' }], '"1"')).status).toBe(412);
  });

  it('names unknown, read-only and restricted paths in a 400', async () => {
    const c = await createContact({ firstName: 'Paths', customFields: valid(201) });
    const cases: [unknown[], string, string, Client?][] = [
      [[{ op: 'replace', path: '/shoeSize', value: 1 }], '/shoeSize', 'unknownField'],
      [[{ op: 'replace', path: '/id', value: 'x' }], '/id', 'readOnlyField'],
      [[{ op: 'replace', path: '/createdAt', value: 'x' }], '/createdAt', 'readOnlyField'],
      [[{ op: 'add', path: '/customFields/nope', value: 1 }], '/customFields/nope', 'unknownField'],
      [[{ op: 'replace', path: '/customFields/source', value: 'x' }], '/customFields/source', 'readOnlyField'],
      [[{ op: 'move', from: '/customFields/source', path: '/customFields/notes' }], '/customFields/source', 'readOnlyField'],
      [[{ op: 'replace', path: '/customFields/salary', value: 1 }], '/customFields/salary', 'restrictedField', member],
      [[{ op: 'test', path: '/customFields/salary', value: 1 }], '/customFields/salary', 'restrictedField', member],
      [[{ op: 'replace', path: '/email', value: 'bad' }], 'email', 'invalidEmail'],
      [[{ op: 'add', path: '/customFields/seats', value: 'many' }], 'customFields.seats', 'validation'],
      [[{ op: 'replace', path: '/customFields/seats', value: 1 }], '/customFields/seats', 'invalidPatch'],
      [[{ op: 'remove', path: '/customFields/customerNo' }], 'customFields.customerNo', 'required'],
      [[{ op: 'replace', path: '', value: {} }], '/', 'invalidPatch'],
    ];
    for (const [ops, field, code, client] of cases) {
      const res = await patch(c.id, ops, '"1"', client ?? admin);
      expect(res.status, JSON.stringify(ops)).toBe(400);
      expect(res.body.errors[0], JSON.stringify(ops)).toMatchObject({ field, code });
    }
    const bad = await admin.raw({
      method: 'PATCH',
      url: `/api/v1/contacts/${c.id}`,
      payload: '[{"op":"jump","path":"/x"}]',
      headers: { 'content-type': 'application/json-patch+json', 'if-match': '"1"' },
    });
    expect(bad.status).toBe(400);
  });
});
