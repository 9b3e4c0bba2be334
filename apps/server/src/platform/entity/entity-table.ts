import type { BuiltinField, EntityDefinition } from '@atrium/domain';
import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type ExtraConfigColumn,
  type IndexBuilder,
  type PgColumnBuilderBase,
  type PgTable,
} from 'drizzle-orm/pg-core';
import { tenantColumns, timestamps } from '../table-helpers';
import { entityTypes, workflowStages } from './entity.table';

// Columns every engine entity table has besides its own fields (decision 010).
export const entityColumns = () => ({
  ...tenantColumns(),
  version: integer('version').notNull().default(1),
  customFields: jsonb('custom_fields')
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  // in the recycle bin since then (decision 086): every engine read leaves the row out
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedBy: uuid('deleted_by'),
  createdBy: uuid('created_by'),
  updatedBy: uuid('updated_by'),
  ...timestamps(),
});

function columnFor(f: BuiltinField): PgColumnBuilderBase {
  switch (f.kind) {
    case 'integer':
      return integer(f.column);
    case 'money':
      return numeric(f.column, { precision: 15, scale: 2 });
    case 'decimal':
      return f.float ? doublePrecision(f.column) : numeric(f.column, { precision: 18, scale: f.scale ?? 4 });
    case 'boolean':
      return boolean(f.column).notNull().default(false);
    case 'date':
      return date(f.column, { mode: 'string' });
    case 'dateTime':
      return timestamp(f.column, { withTimezone: true });
    case 'reference':
      return uuid(f.column);
    case 'json':
      return jsonb(f.column);
    default:
      // an option with a default value always has one (a lead's status)
      if (typeof f.emptyValue === 'string') return text(f.column).notNull().default(f.emptyValue);
      return f.required ? text(f.column).notNull() : text(f.column);
  }
}

// The list search matches one trigram-indexed text built from the definition's search fields
// (references are searched through their own table), so nothing here repeats the field list.
export function searchTextSql(definition: EntityDefinition): string {
  const parts = definition.searchFields
    .map((key) => definition.fields[key])
    .filter((f): f is BuiltinField => f !== undefined && f.kind !== 'reference')
    .map((f) => `coalesce("${f.column}"::text, '')`);
  // atrium_fold (migration 0043): lower case without accents, so "oztürk" finds "Öztürk"
  return parts.length > 0 ? `atrium_fold(${parts.join(` || ' ' || `)})` : `''`;
}

// A duplicate key as compared (decision 026): phone numbers by their digits, other text
// lower-cased and trimmed; empty is no key. Indexed per key, so the check is one index look-up.
export function duplicateKeySql(f: BuiltinField, expr: SQL): SQL {
  return f.kind === 'phone' ? sql`nullif(regexp_replace(${expr}, '[^0-9]', '', 'g'), '')` : sql`nullif(lower(btrim(${expr})), '')`;
}
export function duplicateKeyValue(f: BuiltinField, value: string): string | null {
  if (f.kind === 'phone') {
    const digits = value.replace(/[^0-9]/g, '');
    // too few digits to mean the same line
    return digits.length >= 6 ? digits : null;
  }
  const v = value.trim().toLowerCase();
  return v === '' ? null : v;
}

// A full-text document in the record's own language (an article's): the text fields weighted A
// (the title) to D, as text — HTML tags removed and entities decoded (atrium_html_text, migration
// 0073: `&amp;` is "&", not the word "amp") — stemmed by the PostgreSQL text search configuration that
// the language field's value names (`configs`; others: simple). A generated column with a GIN
// index, so a search is one index look-up and a write keeps it current.
export type FullText = {
  languageField: string;
  configs: Record<string, string>;
  weights: readonly { field: string; weight: 'A' | 'B' | 'C' | 'D' }[];
};
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const REGCONFIG = /^[a-z_]+$/;

export function fullTextSql(definition: EntityDefinition, fullText: FullText): string {
  const column = (key: string) => {
    const f = definition.fields[key];
    if (!f || f.kind === 'reference') throw new Error(`${definition.kind}: full-text field ${key} must be a text field`);
    return `"${f.column}"`;
  };
  const document = (config: string) => {
    if (!REGCONFIG.test(config)) throw new Error(`${definition.kind}: ${config} is not a text search configuration name`);
    return fullText.weights
      .map((w) => `setweight(to_tsvector('${config}'::regconfig, atrium_html_text(${column(w.field)})), '${w.weight}')`)
      .join(' || ');
  };
  const language = column(fullText.languageField);
  const cases = Object.entries(fullText.configs)
    .map(([value, config]) => {
      if (!REGCONFIG.test(value)) throw new Error(`${definition.kind}: language value ${value} is not plain`);
      return `when '${value}' then ${document(config)}`;
    })
    .join(' ');
  return `case ${language} ${cases} else ${document('simple')} end`;
}

type Columns = Record<string, ExtraConfigColumn>;
const get = (t: Columns, key: string): ExtraConfigColumn => {
  const c = t[key];
  if (!c) throw new Error(`no column ${key}`);
  return c;
};

type EntityTableOptions = {
  // tables of the kinds its references point at, besides its own (a parent is the table itself)
  references?: Record<string, PgTable>;
  // more indexes for the module's own queries; `col` gives a column by field name
  indexes?: (col: (key: string) => ExtraConfigColumn) => IndexBuilder[];
  // a `search_vector` column for ranked full-text search (never served on rows)
  fullText?: FullText;
};

// The table of an entity kind, derived from its definition: one column per built-in field, the
// engine's columns, (tenant_id, id) foreign keys for references, stage and type, the number's
// unique key and the indexes every list needs.
export function entityTable(name: string, definition: EntityDefinition, opts: EntityTableOptions = {}) {
  const columns: Record<string, PgColumnBuilderBase> = { ...entityColumns() };
  for (const [key, f] of Object.entries(definition.fields)) {
    if (f.kind === 'system') continue;
    columns[key] = f.kind === 'numbering' ? text(f.column).notNull() : columnFor(f);
  }
  columns.searchText = text('search_text').generatedAlwaysAs(sql.raw(searchTextSql(definition)));
  // values of custom fields, for the search; atrium_search_values() is defined in migration 0006
  columns.customSearch = text('custom_search').generatedAlwaysAs(sql`atrium_fold(atrium_search_values(custom_fields))`);
  if (opts.fullText) columns.searchVector = tsvector('search_vector').generatedAlwaysAs(sql.raw(fullTextSql(definition, opts.fullText)));

  return pgTable(name, columns, (table) => {
    const t = table as unknown as Columns;
    const tenant = get(t, 'tenantId');
    const fk = (key: string, target: PgTable, onDelete: 'restrict' | 'no action' | 'cascade' | 'set null' = 'no action') => {
      const other = target as unknown as Columns;
      return foreignKey({
        columns: [tenant, get(t, key)],
        foreignColumns: [get(other, 'tenantId'), get(other, 'id')],
        name: `${name}_${definition.fields[key]?.column ?? key}_fk`,
      }).onDelete(onDelete);
    };
    const extras = [];
    for (const [key, f] of Object.entries(definition.fields)) {
      // stage and type have no target kind; they are linked below
      if (f.kind !== 'reference' || !f.target) continue;
      const target = f.target === definition.kind ? table : opts.references?.[f.target];
      if (!target) throw new Error(`${definition.kind}.${key}: pass the ${f.target} table`);
      // 'refuse' is enforced by the database too; 'clear' is done by the engine before it deletes.
      // Users leave a workspace outside the engine: the database clears their references — the
      // migration narrows the rule to the user column, `on delete set null (owner_id)`, since
      // Drizzle cannot say it and the tenant column must stay (decision 034).
      extras.push(fk(key, target as PgTable, f.target === 'User' ? 'set null' : f.onDelete === 'refuse' ? 'restrict' : 'no action'));
      extras.push(index(`${name}_${f.column}_idx`).on(tenant, get(t, key)));
    }
    if (definition.fields.workflowStage) {
      extras.push(fk('workflowStage', workflowStages));
      // a board column: its cards in their order
      extras.push(index(`${name}_stage_idx`).on(tenant, get(t, 'workflowStage'), get(t, 'boardRank')));
    }
    if (definition.fields.typeId) {
      extras.push(fk('typeId', entityTypes));
      extras.push(index(`${name}_type_idx`).on(tenant, get(t, 'typeId')));
    }
    if (definition.numbering) extras.push(unique(`${name}_number_key`).on(tenant, get(t, 'number')));
    // the engine refuses a taken value on the field; the index decides between two at once
    for (const [key, f] of Object.entries(definition.fields))
      if (f.uniqueInWorkspace) extras.push(uniqueIndex(`${name}_${f.column}_key`).on(tenant, sql`lower(${get(t, key)})`));
    for (const key of definition.duplicates) {
      const f = definition.fields[key] as BuiltinField;
      extras.push(index(`${name}_dup_${f.column}_idx`).on(tenant, duplicateKeySql(f, sql`${get(t, key)}`)));
    }
    // in the list's own order (list-query: `desc nulls last` / `asc nulls last`, then id asc), so
    // that the first page of a newest-first kind is a walk of the index, not a sort of every row.
    // Called where the index is built: Drizzle's desc() marks the shared column until the next
    // index's on() takes the mark (and clears it).
    const sortColumns = () =>
      definition.defaultSort.flatMap((s) =>
        t[s.field] ? [s.order === 'desc' ? get(t, s.field).desc().nullsLast() : get(t, s.field)] : [],
      );
    return [
      primaryKey({ columns: [tenant, get(t, 'id')] }),
      ...extras,
      // tenant_id inside the GIN indexes (btree_gin): one index answers tenant + search/filter
      index(`${name}_search_idx`).using('gin', tenant, get(t, 'searchText').op('gin_trgm_ops')),
      index(`${name}_custom_search_idx`).using('gin', tenant, get(t, 'customSearch').op('gin_trgm_ops')),
      index(`${name}_custom_fields_idx`).using('gin', tenant, get(t, 'customFields').op('jsonb_path_ops')),
      index(`${name}_created_idx`).on(tenant, get(t, 'createdAt')),
      // the recycle bin and its purge read only deleted rows
      index(`${name}_deleted_idx`)
        .on(tenant, get(t, 'deletedAt'))
        .where(sql`deleted_at is not null`),
      ...(definition.defaultSort.some((s) => t[s.field]) ? [index(`${name}_sort_idx`).on(tenant, ...sortColumns(), get(t, 'id'))] : []),
      ...(opts.fullText ? [index(`${name}_search_vector_idx`).using('gin', tenant, get(t, 'searchVector'))] : []),
      ...(opts.indexes?.((key) => get(t, key)) ?? []),
    ];
  });
}

// The join table of a many-to-many relation: both sides by (tenant_id, id), removed with either.
export function relationTable(name: string, from: PgTable, to: PgTable) {
  return pgTable(
    name,
    {
      tenantId: uuid('tenant_id').notNull(),
      fromId: uuid('from_id').notNull(),
      toId: uuid('to_id').notNull(),
      createdBy: uuid('created_by'),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => {
      const a = from as unknown as Columns;
      const b = to as unknown as Columns;
      return [
        primaryKey({ columns: [t.tenantId, t.fromId, t.toId] }),
        foreignKey({
          columns: [t.tenantId, t.fromId],
          foreignColumns: [get(a, 'tenantId'), get(a, 'id')],
          name: `${name}_from_fk`,
        }).onDelete('cascade'),
        foreignKey({ columns: [t.tenantId, t.toId], foreignColumns: [get(b, 'tenantId'), get(b, 'id')], name: `${name}_to_fk` }).onDelete(
          'cascade',
        ),
        index(`${name}_to_idx`).on(t.tenantId, t.toId),
      ];
    },
  );
}
