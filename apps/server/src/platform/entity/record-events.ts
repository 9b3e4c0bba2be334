import type { EntityKind } from '@atrium/domain';
import type { TenantContext } from '../context';
import type { Database } from '../database';
import { enterTenant, type Membership } from '../tenancy';
import type { RegisteredEntity } from './entity-registry';
import { existingIds } from './entity.repository';
import { isNarrowed } from './entity-sql';
import { mayView } from './role-scope';

type Viewer = { tenantId: string; userId: string; member: Membership };

// Who may hear that a record changed (GET /events, decision 040): the same rules as reading it.
// A holder of the kind's view permission (or of a role that grants it in some owners); when a
// row-visibility rule or such a role narrows what they see, only a member
// who can see that row now — and of a deleted row, which cannot be looked at any more, only the
// members the rule does not narrow.
export function recordEventAudience(registry: ReadonlyMap<EntityKind, RegisteredEntity>, database: Database) {
  return async (viewer: Viewer, event: { kind: string; id: string; action: string }): Promise<boolean> => {
    const ent = registry.get(event.kind as EntityKind);
    if (!ent) return false;
    const ctx = (db: TenantContext['db'], member: Membership): TenantContext => ({
      tenantId: viewer.tenantId,
      user: { id: viewer.userId, email: '', name: '' },
      db,
      ...member,
    });
    const now = ctx(database.db, viewer.member);
    if (!mayView(now, ent)) return false;
    // a rule, or a view that comes from roles in some owners (a project member's tasks)
    if (!isNarrowed(now, ent)) return true;
    if (event.action === 'deleted') return false;
    return database.db.transaction(async (tx) => {
      const member = await enterTenant(tx, viewer.tenantId, viewer.userId);
      return member ? (await existingIds(ctx(tx, member), ent, [event.id])).has(event.id) : false;
    });
  };
}
