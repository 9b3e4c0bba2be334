import { AppError } from '../errors';

// Strong ETag of a versioned row: the version number, quoted (RFC 9110 §8.8.3).
export const etagOf = (version: number): string => `"${version}"`;

// If-Match on a write: missing → 428, not matching the stored version → 412.
// `*` matches any existing row. The comparison is strong (RFC 9110 §13.1.1): W/"3" never matches.
export function checkIfMatch(header: string | string[] | undefined, version: number, required: boolean): void {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value === undefined || value.trim() === '') {
    if (required) throw new AppError(428, 'preconditionRequired', 'Send If-Match with the ETag of the version you edited');
    return;
  }
  const tags = value.split(',').map((t) => t.trim());
  if (tags.includes('*') || tags.includes(etagOf(version))) return;
  throw new AppError(412, 'preconditionFailed', 'The record was changed by someone else; reload it and try again');
}
