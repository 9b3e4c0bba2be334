import type { EntityKind } from '@atrium/domain';
import type { SQL } from 'drizzle-orm';

// Tags live with the shared record features (modules/core); that module supplies the filter
// condition and the row's tags when it registers, so the engine uses them without importing it.
// `match`: a row carrying any of the tags, or all of them
export type TagMatch = 'any' | 'all';
type TagSql = {
  filter: (tenantId: string, kind: EntityKind, idColumn: SQL, tagIds: readonly string[], match: TagMatch) => SQL;
  // the row's tags as a JSON array of { id, name, color }
  select: (kind: EntityKind, alias: SQL) => SQL;
};
let tagSql: TagSql | undefined;

export function provideTagSql(provided: TagSql): void {
  tagSql = provided;
}

export const rowTagsSql = (kind: EntityKind, alias: SQL): SQL | undefined => tagSql?.select(kind, alias);
export const tagFilterSql = (
  tenantId: string,
  kind: EntityKind,
  idColumn: SQL,
  tagIds: readonly string[],
  match: TagMatch = 'any',
): SQL | undefined => tagSql?.filter(tenantId, kind, idColumn, tagIds, match);
