import type { EntityKind } from '@atrium/domain';
import type { TenantContext } from '../context';
import type { EntityRow, RegisteredEntity } from './entity-registry';

// Who else wants to know that a record was created or changed (the notification rules: a stage
// changed, a record assigned through a user field), in the same transaction. Supplied by name
// when a module registers, so building the app again replaces rather than repeats a listener.
export type RecordChangeListener = (ctx: TenantContext, ent: RegisteredEntity, before: EntityRow | null, after: EntityRow) => Promise<void>;
const listeners = new Map<string, RecordChangeListener>();

export function provideRecordChangeListener(name: string, listener: RecordChangeListener): void {
  listeners.set(name, listener);
}

export async function recordChanged(ctx: TenantContext, ent: RegisteredEntity, before: EntityRow | null, after: EntityRow): Promise<void> {
  for (const listener of listeners.values()) await listener(ctx, ent, before, after);
}

// Which records of a kind were written in any way — created, changed, moved to the recycle bin
// or back, archived or restored, merged, imported in bulk, or a column set by a module's own
// statement (a contact's block, spam and unsubscribe states) — in the writing transaction, for
// upkeep that depends on the stored row rather than on what changed (a campaign segment's
// members, decision 095). A listener reads the rows again; a deleted one reads as gone.
export type RecordsWrittenListener = (ctx: TenantContext, kind: EntityKind, ids: readonly string[]) => Promise<void>;
const writeListeners = new Map<string, RecordsWrittenListener>();

export function provideRecordsWrittenListener(name: string, listener: RecordsWrittenListener): void {
  writeListeners.set(name, listener);
}

export async function recordsWritten(ctx: TenantContext, kind: EntityKind, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  for (const listener of writeListeners.values()) await listener(ctx, kind, ids);
}
