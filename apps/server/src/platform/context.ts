import type { Permission } from '@atrium/domain';
import type { Db } from './database';

// sessionId: the session the caller's access token belongs to, checked on every tenant entry
// (tenancy.ts); absent for tokens that name none (an external issuer's, decision 002)
export type AuthUser = { id: string; email: string; name: string; sessionId?: string };

// Passed as the first argument to every service and repository function (STYLE habit 6).
// `db` is the request's transaction, with app.tenant_id set locally.
export type TenantContext = {
  tenantId: string;
  tenantUserId: string;
  user: AuthUser;
  role: string;
  permissions: ReadonlySet<Permission>;
  plans: readonly string[];
  // the workspace's definitions version, as the transaction in `db` read it when it entered the
  // tenant; absent where a context is built otherwise (caches of definitions are then skipped)
  definitionsVersion?: number;
  db: Db;
};

export type UserContext = { user: AuthUser; db: Db };

// What a repository needs to stay inside one tenant: the tenant id for its predicates and the
// transaction that has app.tenant_id set. A TenantContext is one; so is the scope an invitation
// opens from its token before the caller is a member.
export type TenantScope = Pick<TenantContext, 'tenantId' | 'db'>;
