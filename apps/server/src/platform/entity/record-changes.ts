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
