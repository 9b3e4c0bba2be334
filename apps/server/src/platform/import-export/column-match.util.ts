import type { EntityDefinition, ImportField, ImportMapping } from '@atrium/domain';
import { NOTE_ALIASES, NOTE_TARGET } from './import-notes';

// The names a column may carry for a field besides its key: its labels (every language's) and
// the column names other products export for it (the definition's importAliases).
export type FieldNames = (f: ImportField) => { labels: readonly string[]; aliases: readonly string[] };

// A kind's field names from its definition; a custom field is known by its own label only.
export function definitionNames(
  definition: Pick<EntityDefinition, 'fields'>,
  captions: readonly Readonly<Record<string, string>>[],
): FieldNames {
  return (f) =>
    f.custom
      ? { labels: [f.label], aliases: [] }
      : {
          labels: captions.map((c) => c[f.label]).filter((x): x is string => Boolean(x)),
          aliases: definition.fields[f.key]?.importAliases ?? (f.key === NOTE_TARGET ? NOTE_ALIASES : []),
        };
}

const normalise = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '');

function bigrams(s: string): Map<string, number> {
  const m = new Map<string, number>();
  for (let i = 0; i < s.length - 1; i += 1) {
    const g = s.slice(i, i + 2);
    m.set(g, (m.get(g) ?? 0) + 1);
  }
  return m;
}

// Sørensen–Dice similarity of two normalised names (0…1).
export function similarity(a: string, b: string): number {
  const x = normalise(a);
  const y = normalise(b);
  if (x === y) return 1;
  if (x.length < 2 || y.length < 2) return 0;
  const bx = bigrams(x);
  const by = bigrams(y);
  let both = 0;
  for (const [g, n] of bx) both += Math.min(n, by.get(g) ?? 0);
  return (2 * both) / (x.length - 1 + (y.length - 1));
}

const THRESHOLD = 0.75;

// The field each column most likely means: exact names (key, labels in every language, import
// aliases) first, then the closest name above a threshold; each field is used once, and a
// reference's "<label> id" column wins over its title column (exact ids re-import unchanged).
export function suggestMapping(columns: readonly string[], fields: readonly ImportField[], namesOf: FieldNames): ImportMapping {
  const candidates: { column: string; key: string; score: number }[] = [];
  for (const column of columns) {
    for (const f of fields) {
      const { labels, aliases } = namesOf(f);
      const names = [f.key, ...labels, ...aliases];
      let score = 0;
      for (const name of names) score = Math.max(score, similarity(column, name));
      if (f.target) {
        // "Organization id": the reference by id
        for (const name of [f.key, ...labels]) {
          if (normalise(column) === normalise(`${name} id`) || normalise(column) === normalise(name.replace(/Id$/, '') + 'id'))
            score = 1.01;
        }
      }
      if (f.key === 'id' && normalise(column) !== 'id') score = 0;
      if (score >= THRESHOLD) candidates.push({ column, key: f.key, score });
    }
  }
  candidates.sort((a, b) => b.score - a.score);
  const mapping: ImportMapping = Object.fromEntries(columns.map((c) => [c, null]));
  const used = new Set<string>();
  const mapped = new Set<string>();
  for (const c of candidates) {
    if (used.has(c.key) || mapped.has(c.column)) continue;
    mapping[c.column] = c.key;
    used.add(c.key);
    mapped.add(c.column);
  }
  return mapping;
}

// The template's example value of a field: the definition's example, else one that fits the
// field's kind (a choice field: its first option).
export function templateExample(definition: Pick<EntityDefinition, 'fields'>, f: ImportField, option: string | undefined): string {
  const example = f.custom ? undefined : definition.fields[f.key]?.example;
  if (example) return example;
  switch (f.kind) {
    case 'email':
      return 'someone@example.com';
    case 'url':
      return 'https://example.com';
    case 'integer':
    case 'number':
      return '42';
    case 'decimal':
    case 'money':
      return '1250.50';
    case 'boolean':
      return 'yes';
    case 'date':
      return '2026-03-14';
    case 'dateTime':
      return '2026-03-14T09:30:00Z';
    case 'option':
    case 'options':
      return option ?? '';
    default:
      return '';
  }
}
