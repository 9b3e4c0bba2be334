import type { EntityKind } from '@atrium/domain';
import type { TenantContext } from '../context';

// What hangs off a record in the shared tables (notes, documents, tags, collaborators, links)
// goes with it. The shared-records module supplies the cleanup when it registers, so the
// engine deletes it in the same transaction without importing a module.
type RecordCleanup = (ctx: TenantContext, kind: EntityKind, ids: readonly string[]) => Promise<void>;
const cleanups: RecordCleanup[] = [];

export function provideRecordCleanup(cleanup: RecordCleanup): void {
  if (!cleanups.includes(cleanup)) cleanups.push(cleanup);
}

export async function recordsDeleted(ctx: TenantContext, kind: EntityKind, ids: readonly string[]): Promise<void> {
  for (const cleanup of cleanups) await cleanup(ctx, kind, ids);
}
