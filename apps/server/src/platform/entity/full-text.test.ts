import { defineEntity, fields } from '@atrium/domain';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { entityTable, fullTextSql } from './entity-table';

// The engine's two pieces the helpdesk brought (decision 094): a full-text column in each
// record's own language (entityTable's fullText) and the slug field with the spec's rules.
const note = defineEntity({
  kind: 'Article',
  module: 'test',
  basePath: '/api/v1/test-notes',
  web: { path: '/test-notes', icon: 'ReadOutlined' },
  title: { fields: ['title'] },
  fields: {
    title: fields.text({ max: 100, required: true }),
    body: fields.longText({ max: 1000 }),
    language: fields.enumeration(['en', 'de'], { defaultValue: 'en' }),
    slug: fields.slug({ max: 20 }),
  },
  searchFields: ['title'],
  defaultColumns: [],
  defaultSort: [{ field: 'title', order: 'asc' }],
  permissions: {
    view: 'Helpdesk.View',
    create: 'Helpdesk.Manage',
    manage: 'Helpdesk.Manage',
    timeline: 'Helpdesk.View',
    settings: 'Helpdesk.Manage',
    viewRestricted: 'Helpdesk.View',
    manageRestricted: 'Helpdesk.Manage',
  },
  capabilities: {},
});
const fullText = {
  languageField: 'language',
  configs: { en: 'english', de: 'german' },
  weights: [
    { field: 'title', weight: 'A' as const },
    { field: 'body', weight: 'B' as const },
  ],
};

describe('full text in the record language', () => {
  it('stems each language by its configuration, weighted, as text (no tags, entities decoded), others as simple', () => {
    const expr = fullTextSql(note, fullText);
    expect(expr).toMatch(/^case "language" when 'en' then /);
    expect(expr).toContain(`setweight(to_tsvector('english'::regconfig, atrium_html_text("title")), 'A')`);
    expect(expr).toContain(`setweight(to_tsvector('german'::regconfig, atrium_html_text("body")), 'B')`);
    expect(expr).toContain(`else setweight(to_tsvector('simple'::regconfig`);
  });

  it('refuses what would put text into the SQL: an odd configuration, a language value or a reference', () => {
    expect(() => fullTextSql(note, { ...fullText, configs: { en: "english'; drop table x; --" } })).toThrow(/text search configuration/);
    expect(() => fullTextSql(note, { ...fullText, configs: { "e'n": 'english' } })).toThrow(/not plain/);
    expect(() => fullTextSql(note, { ...fullText, weights: [{ field: 'nope', weight: 'A' }] })).toThrow(/must be a text field/);
  });

  it('adds a generated search_vector column and its GIN index only when asked', () => {
    const withIt = getTableConfig(entityTable('test_notes', note, { fullText }));
    expect(withIt.columns.find((c) => c.name === 'search_vector')?.getSQLType()).toBe('tsvector');
    expect(withIt.indexes.map((i) => i.config.name)).toContain('test_notes_search_vector_idx');
    const without = getTableConfig(entityTable('test_notes', note));
    expect(without.columns.some((c) => c.name === 'search_vector')).toBe(false);
  });
});

describe('the slug field', () => {
  const slug = note.fields.slug?.schema;
  it('takes lower-case letters, digits and inner hyphens, and names the rule it breaks', () => {
    expect(slug?.safeParse('reset-password-2').success).toBe(true);
    for (const [value, code] of [
      ['Reset', 'slugInvalid'],
      ['-reset', 'slugInvalid'],
      ['reset password', 'slugInvalid'],
      ['a'.repeat(21), 'slugMaxLength'],
    ] as const)
      expect(slug?.safeParse(value).error?.issues[0]?.message, value).toBe(code);
  });
});
