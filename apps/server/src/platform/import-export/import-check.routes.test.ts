import type { ImportDto } from '@atrium/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipartFile, type Client, type TestApp } from '../../../test/harness';

// What the wizard's check and the done screen tell a person (issue 26, round two, items 9 and 10).
let t: TestApp;
let me: Client;
let tenantId: string;

async function uploaded(fileName: string, data: string): Promise<ImportDto> {
  const res = await me.raw({
    method: 'POST',
    url: '/api/v1/core/imports/upload?entityKind=Contact',
    ...multipartFile(fileName, data, 'text/csv'),
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function runToEnd(imp: ImportDto): Promise<ImportDto> {
  expect((await me.post(`/api/v1/core/imports/${imp.id}/run`)).status).toBe(200);
  for (let i = 0; i < 400; i += 1) {
    const last: ImportDto = (await me.get(`/api/v1/core/imports/${imp.id}`)).body;
    if (last.job?.status === 'succeeded') return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the import did not finish');
}

const clearContacts = async () => {
  await t.sql(`delete from contacts where tenant_id = $1`, [tenantId]);
};

beforeAll(async () => {
  t = await createTestApp({}, { ATRIUM_ROLE: 'all' });
  const owner = await t.createUser();
  tenantId = (await t.createTenant(owner)).id;
  me = t.client(owner, tenantId);
});
afterAll(async () => t.close());

describe('the check', () => {
  it('names every error of a row at once, each with its field and the rule in words (issue 26, item 9)', async () => {
    await clearContacts();
    await me.put('/api/v1/core/entity-fields?entity=Contact', {
      fields: [
        {
          kind: 'dropdown',
          label: 'Customer tier',
          key: 'customerTier',
          options: [
            { value: 'gold', label: 'Gold' },
            { value: 'silver', label: 'Silver' },
          ],
        },
        { kind: 'dateTime', label: 'Birthday', key: 'birthday', dataType: 'date' },
      ],
    });
    const imp = await uploaded(
      'three.csv',
      'First name,Email,Tier,Birthday\nBob,not-an-email,Platinum,31.02.1990\nAda,ada@example.com,Gold,\n',
    );
    await me.put(`/api/v1/core/imports/${imp.id}/mappings`, {
      mapping: { 'First name': 'firstName', Email: 'email', Tier: 'customFields.customerTier', Birthday: 'customFields.birthday' },
      dateFormat: 'DD.MM.YYYY',
    });
    const check = await me.post('/api/v1/contacts/import-validate', { importId: imp.id });
    expect(check.body).toMatchObject({ total: 2, valid: 1, rejected: 1 });
    expect(check.body.errors).toEqual([
      expect.objectContaining({ row: 1, column: 'Birthday', field: 'customFields.birthday', code: 'invalidDate' }),
      expect.objectContaining({
        row: 1,
        column: 'Email',
        field: 'email',
        code: 'invalidEmail',
        message: 'Email: Enter a valid e-mail address',
      }),
      expect.objectContaining({
        row: 1,
        column: 'Tier',
        field: 'customFields.customerTier',
        code: 'invalidOption',
        message: 'Tier: Choose one of the options',
      }),
    ]);
    // the run refuses the row for the same three reasons, the file's Errors column says them
    expect(await runToEnd(imp)).toMatchObject({ created: 1, rejected: 1 });
    const rejected = await me.get(`/api/v1/core/imports/${imp.id}/rejected?format=csv`);
    const errors = rejected.text.trim().split('\r\n')[1] ?? '';
    expect(errors).toContain('Tier: Choose one of the options');
    expect(errors).not.toContain('customFields.');
    await me.put('/api/v1/core/entity-fields?entity=Contact', { fields: [] });
  });
});

describe('the rejected rows', () => {
  it("are written in the imported file's own separator (issue 26, item 10)", async () => {
    await clearContacts();
    const imp = await uploaded('semi.csv', 'Vorname;Nachname;Mail\nAda;Lovelace;ada@example.com\nBob;Builder, Jr.;not-an-email\n');
    expect(imp.delimiter).toBe(';');
    expect(await runToEnd(imp)).toMatchObject({ created: 1, rejected: 1 });
    const rejected = await me.get(`/api/v1/core/imports/${imp.id}/rejected?format=csv`);
    const lines = rejected.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual(['Vorname;Nachname;Mail;Errors', 'Bob;Builder, Jr.;not-an-email;Mail: Enter a valid e-mail address']);
  });
});
