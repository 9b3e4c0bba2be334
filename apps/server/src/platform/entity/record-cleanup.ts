import type { EntityKind } from '@atrium/domain';
import type { TenantContext } from '../context';
import type { Router } from '../router';
import { entityRegistry, type RegisteredEntity } from './entity-registry';

// What hangs off a record in the shared tables (notes, documents, tags, collaborators, links)
// goes with it when it is deleted, and moves with it when it is merged into another record or
// converted into one of another kind (a lead into a contact).
// The shared-records module supplies both when it registers, so the engine does them in the
// same transaction without importing a module. They are kept per app (by its entity registry,
// as the kinds are): a second app built in the same process runs its own clean-up, with its own
// blob store, never the first one's.
type RecordCleanup = (ctx: TenantContext, kind: EntityKind, ids: readonly string[]) => Promise<void>;
export type RecordRef = { kind: EntityKind; id: string };
type RecordTransfer = (ctx: TenantContext, from: RecordRef, to: RecordRef) => Promise<void>;
type Registry = RegisteredEntity['registry'];
type Hooks = { cleanups: RecordCleanup[]; transfers: RecordTransfer[] };
const hooks = new WeakMap<Registry, Hooks>();

function hooksOf(registry: Registry): Hooks {
  let found = hooks.get(registry);
  if (!found) {
    found = { cleanups: [], transfers: [] };
    hooks.set(registry, found);
  }
  return found;
}

export function provideRecordCleanup(router: Router, cleanup: RecordCleanup): void {
  const { cleanups } = hooksOf(entityRegistry(router));
  if (!cleanups.includes(cleanup)) cleanups.push(cleanup);
}

export function provideRecordTransfer(router: Router, transfer: RecordTransfer): void {
  const { transfers } = hooksOf(entityRegistry(router));
  if (!transfers.includes(transfer)) transfers.push(transfer);
}

export async function recordsDeleted(ctx: TenantContext, registry: Registry, kind: EntityKind, ids: readonly string[]): Promise<void> {
  for (const cleanup of hooks.get(registry)?.cleanups ?? []) await cleanup(ctx, kind, ids);
}

export async function recordTransferred(ctx: TenantContext, registry: Registry, from: RecordRef, to: RecordRef): Promise<void> {
  for (const transfer of hooks.get(registry)?.transfers ?? []) await transfer(ctx, from, to);
}
