// The one reading of database errors. drizzle wraps the driver's error (DrizzleQueryError with
// the pg DatabaseError as `cause`), callers may wrap it again; the SQLSTATE is on the driver's.
export type DbError = { code: string; constraint?: string; column?: string; table?: string; detail?: string; message: string };

export const PG_CODES = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  notNullViolation: '23502',
  checkViolation: '23514',
  exclusionViolation: '23P01',
} as const;

const SQLSTATE = /^[0-9A-Z]{5}$/;

function asDbError(value: unknown): DbError | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const e = value as Record<string, unknown>;
  // Node's own codes (EPIPE…) look like a SQLSTATE too; a server error names its severity
  if (typeof e.code !== 'string' || !SQLSTATE.test(e.code) || typeof e.severity !== 'string') return undefined;
  const text = (k: string) => (typeof e[k] === 'string' ? { [k]: e[k] as string } : {});
  return {
    code: e.code,
    message: typeof e.message === 'string' ? e.message : e.code,
    ...text('constraint'),
    ...text('column'),
    ...text('table'),
    ...text('detail'),
  };
}

export function dbErrorOf(error: unknown): DbError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current; depth += 1) {
    const found = asDbError(current);
    if (found) return found;
    current = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined;
  }
  return undefined;
}

export const pgErrorCode = (error: unknown): string | undefined => dbErrorOf(error)?.code;

// A unique violation, optionally of one named constraint or index.
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = dbErrorOf(error);
  return e?.code === PG_CODES.uniqueViolation && (constraint === undefined || e.constraint === constraint);
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

// The field a key constraint is about, read from the key columns PostgreSQL names in the
// error's detail ("Key (tenant_id, lower(name::text))=(…) already exists"): the last column
// besides tenant_id, as the API names it (camelCase). Undefined when the key is not plain
// columns; the values after "=" are never read.
export function constraintFieldOf(error: DbError): string | undefined {
  const detail = error.detail;
  if (!detail?.startsWith('Key (')) return undefined;
  const end = detail.indexOf(')=(');
  if (end < 0) return undefined;
  const columns = detail
    .slice('Key ('.length, end)
    .split(', ')
    // lower(name::text) → name
    .map((c) => c.replace(/^(?:lower|upper|btrim|trim)\((.*)\)$/, '$1').replace(/::[a-z ]+$/, ''))
    .filter((c) => c !== 'tenant_id');
  const last = columns[columns.length - 1];
  return last && columns.every((c) => IDENTIFIER.test(c)) ? camel(last) : undefined;
}
