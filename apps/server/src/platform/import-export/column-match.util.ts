import type { ImportField, ImportMapping } from '@atrium/domain';

// Column names other products export, by our field key (HubSpot and Salesforce contact exports,
// Outlook and Google contacts, German spreadsheets). Compared after normalising.
const SYNONYMS: Record<string, readonly string[]> = {
  firstName: ['first name', 'firstname', 'given name', 'first', 'vorname'],
  lastName: ['last name', 'lastname', 'surname', 'family name', 'last', 'nachname'],
  email: ['email', 'e-mail', 'email address', 'e-mail address', 'e-mail 1 - value', 'mail', 'e-mail-adresse'],
  phone: ['phone', 'phone number', 'telephone', 'business phone', 'mobile phone', 'mobile', 'phone 1 - value', 'telefon', 'telefonnummer'],
  organizationId: [
    'company',
    'company name',
    'account name',
    'account',
    'organization',
    'organisation',
    'associated company',
    'firma',
    'unternehmen',
  ],
  jobTitle: ['job title', 'title', 'position', 'jobtitle', 'berufsbezeichnung'],
  department: ['department', 'abteilung'],
  website: ['website', 'website url', 'web site', 'url', 'webseite'],
  address: ['address', 'street address', 'mailing street', 'street', 'adresse', 'strasse'],
  name: ['name', 'company name', 'account name', 'organization name', 'firmenname'],
  id: ['id'],
};

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

// The field each column most likely means: exact names (key, labels in every language, known
// synonyms) first, then the closest name above a threshold; each field is used once, and a
// reference's "<label> id" column wins over its title column (exact ids re-import unchanged).
export function suggestMapping(
  columns: readonly string[],
  fields: readonly ImportField[],
  labelsOf: (f: ImportField) => readonly string[],
): ImportMapping {
  const candidates: { column: string; key: string; score: number }[] = [];
  for (const column of columns) {
    for (const f of fields) {
      const names = [f.key, ...labelsOf(f), ...(SYNONYMS[f.key] ?? [])];
      let score = 0;
      for (const name of names) score = Math.max(score, similarity(column, name));
      if (f.target) {
        // "Organization id": the reference by id
        for (const name of [f.key, ...labelsOf(f)]) {
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
