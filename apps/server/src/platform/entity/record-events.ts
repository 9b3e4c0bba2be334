import type { EntityKind } from '@atrium/domain';
import type { TenantContext } from '../context';
import type { Database } from '../database';
import { enterTenant, type Membership } from '../tenancy';
import type { RegisteredEntity } from './entity-registry';
import { existingIds } from './entity.repository';

type Viewer = { tenantId: string; userId: string; member: Membership };

// Who may hear that a record changed (GET /events, decision 040): the same rules as reading it.
// A holder of the kind's view permission; for a kind with a row-visibility rule, only a member
// who can see that row now — and of a deleted row, which cannot be looked at any more, only the
// members the rule does not narrow.
export function recordEventAudience(registry: ReadonlyMap<EntityKind, RegisteredEntity>, database: Database) {
  return async (viewer: Viewer, event: { kind: string; id: string; action: string }): Promise<boolean> => {
    const ent = registry.get(event.kind as EntityKind);
    if (!ent || !viewer.member.permissions.has(ent.definition.permissions.view)) return false;
    if (!ent.visibility) return true;
    const ctx = (db: TenantContext['db'], member: Membership): TenantContext => ({
      tenantId: viewer.tenantId,
      user: { id: viewer.userId, email: '', name: '' },
      db,
      ...member,
    });
    if (ent.visibility(ctx(database.db, viewer.member)) === undefined) return true;
    if (event.action === 'deleted') return false;
    return database.db.transaction(async (tx) => {
      const member = await enterTenant(tx, viewer.tenantId, viewer.userId);
      return member ? (await existingIds(ctx(tx, member), ent, [event.id])).has(event.id) : false;
    });
  };
}
