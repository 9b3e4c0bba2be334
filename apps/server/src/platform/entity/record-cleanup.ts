import type { EntityKind } from '@atrium/domain';
import type { TenantContext } from '../context';

// What hangs off a record in the shared tables (notes, documents, tags, collaborators, links)
// goes with it when it is deleted, and moves with it when it is merged into another record or
// converted into one of another kind (a lead into a contact).
// The shared-records module supplies both when it registers, so the engine does them in the
// same transaction without importing a module.
type RecordCleanup = (ctx: TenantContext, kind: EntityKind, ids: readonly string[]) => Promise<void>;
export type RecordRef = { kind: EntityKind; id: string };
type RecordTransfer = (ctx: TenantContext, from: RecordRef, to: RecordRef) => Promise<void>;
const cleanups: RecordCleanup[] = [];
const transfers: RecordTransfer[] = [];

export function provideRecordCleanup(cleanup: RecordCleanup): void {
  if (!cleanups.includes(cleanup)) cleanups.push(cleanup);
}

export function provideRecordTransfer(transfer: RecordTransfer): void {
  if (!transfers.includes(transfer)) transfers.push(transfer);
}

export async function recordsDeleted(ctx: TenantContext, kind: EntityKind, ids: readonly string[]): Promise<void> {
  for (const cleanup of cleanups) await cleanup(ctx, kind, ids);
}

export async function recordTransferred(ctx: TenantContext, from: RecordRef, to: RecordRef): Promise<void> {
  for (const transfer of transfers) await transfer(ctx, from, to);
}
