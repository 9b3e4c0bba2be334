import { contactEntity, defineEntity, fields, organizationEntity, type ImportField } from '@atrium/domain';
import { describe, expect, it } from 'vitest';
import { definitionNames, suggestMapping, templateExample } from './column-match.util';

// A kind of its own, so what the import knows about a field can only come from its definition.
const gadget = defineEntity({
  kind: 'Contact',
  module: 'test',
  basePath: '/api/v1/gadgets',
  web: { path: '/gadgets', icon: 'ToolOutlined' },
  title: { fields: ['serial'] },
  fields: {
    serial: fields.text({ max: 50, required: true, importAliases: ['sku', 'seriennummer'], example: 'SN-0042' }),
    colour: fields.text({ max: 50 }),
    weight: fields.decimal({ scale: 2 }),
  },
  searchFields: ['serial'],
  defaultColumns: ['serial'],
  defaultSort: [],
  permissions: {
    view: 'Contact.ViewContacts',
    create: 'Contact.CreateContacts',
    manage: 'Contact.ManageContacts',
    timeline: 'Contact.ViewTimeline',
    settings: 'Contact.ManageSettings',
    viewRestricted: 'Contact.ViewRestrictedFields',
    manageRestricted: 'Contact.ManageRestrictedFields',
  },
  capabilities: { importExport: true },
});

const importField = (key: string, kind: string, custom = false): ImportField => ({
  key,
  label: custom ? key : `test.contact.field.${key}`,
  custom,
  required: false,
  kind,
  target: null,
});
const gadgetFields = [importField('serial', 'text'), importField('colour', 'text'), importField('weight', 'decimal')];
const captions = [{ 'test.contact.field.serial': 'Serial number', 'test.contact.field.colour': 'Colour' }];

describe('import names and examples come from the definition', () => {
  it('matches a column by a field’s import aliases, besides its key and labels', () => {
    const names = definitionNames(gadget, captions);
    expect(names(gadgetFields[0]!)).toEqual({ labels: ['Serial number'], aliases: ['sku', 'seriennummer'] });
    expect(suggestMapping(['SKU', 'Seriennummer', 'Colour', 'Weight'], gadgetFields, names)).toEqual({
      SKU: 'serial',
      Seriennummer: null,
      Colour: 'colour',
      Weight: 'weight',
    });
    // without the aliases the same columns mean nothing
    expect(suggestMapping(['SKU'], gadgetFields, () => ({ labels: [], aliases: [] }))).toEqual({ SKU: null });
  });

  it('takes the template’s example from the field, else from its kind', () => {
    expect(templateExample(gadget, gadgetFields[0]!, undefined)).toBe('SN-0042');
    expect(templateExample(gadget, gadgetFields[1]!, undefined)).toBe('');
    expect(templateExample(gadget, gadgetFields[2]!, undefined)).toBe('1250.50');
    expect(templateExample(gadget, importField('customFields.size', 'option', true), 'Large')).toBe('Large');
  });

  it('reads the CRM kinds’ aliases and examples from their definitions', () => {
    const contactNames = definitionNames(contactEntity, []);
    expect(contactNames(importField('firstName', 'text')).aliases).toContain('vorname');
    expect(contactNames(importField('organizationId', 'reference')).aliases).toContain('account name');
    expect(templateExample(contactEntity, importField('firstName', 'text'), undefined)).toBe('Ada');
    expect(definitionNames(organizationEntity, [])(importField('name', 'text')).aliases).toContain('firmenname');
    expect(templateExample(organizationEntity, importField('name', 'text'), undefined)).toBe('Analytical Engines Ltd');
  });
});
