import { DEFAULT_PERMISSIONS, isPermission, planBySlug, type Permission } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import type { TokenClaims } from './auth';
import type { AuthUser } from './context';
import type { Db } from './database';

export type Membership = {
  tenantUserId: string;
  role: string;
  permissions: ReadonlySet<Permission>;
  plans: readonly string[];
};

// The merged permission set: role ∪ default permissions ∪ plan permissions (spec §6).
export function mergePermissions(rolePermissions: readonly string[], planSlugs: readonly string[]): Set<Permission> {
  const set = new Set<Permission>(DEFAULT_PERMISSIONS);
  for (const p of rolePermissions) if (isPermission(p)) set.add(p);
  for (const slug of planSlugs) for (const p of planBySlug(slug)?.permissions ?? []) set.add(p);
  return set;
}

// Sets app.tenant_id for the transaction and loads the caller's membership in one round trip
// (db/security.sql: atrium_enter_tenant). Everything after it in the transaction sees only
// this tenant's rows.
export async function enterTenant(tx: Db, tenantId: string, userId: string): Promise<Membership | undefined> {
  const res = await tx.execute<{ tenant_user_id: string; role_name: string; permissions: string[]; plans: string[] | null }>(
    sql`select * from atrium_enter_tenant(${tenantId}::uuid, ${userId}::uuid)`,
  );
  const row = res.rows[0];
  if (!row) return undefined;
  const plans = row.plans ?? [];
  return { tenantUserId: row.tenant_user_id, role: row.role_name, permissions: mergePermissions(row.permissions, plans), plans };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const userCache = new Map<string, { user: AuthUser; at: number }>();
const USER_CACHE_MS = 30_000;

export function forgetUser(userId: string): void {
  for (const [key, entry] of userCache) if (entry.user.id === userId) userCache.delete(key);
}

// Maps a verified token to a user: the embedded provider's subject is the user id; any other
// issuer goes through user_identities (filled at first sign-in through /auth).
export async function resolveUser(db: Db, claims: TokenClaims, embeddedIssuer: string | undefined): Promise<AuthUser | undefined> {
  const key = `${claims.issuer} ${claims.subject}`;
  const cached = userCache.get(key);
  if (cached && Date.now() - cached.at < USER_CACHE_MS) return cached.user;
  // the embedded provider's subjects are user ids; anything else names no user (401, not a cast error)
  if (claims.issuer === embeddedIssuer && !UUID.test(claims.subject)) return undefined;
  const res =
    claims.issuer === embeddedIssuer
      ? await db.execute<AuthUser>(sql`select id, email, name from users where id = ${claims.subject}::uuid`)
      : await db.execute<AuthUser>(sql`
          select u.id, u.email, u.name from users u
          where u.id = atrium_user_for_identity(${claims.issuer}, ${claims.subject})`);
  const user = res.rows[0];
  if (user) userCache.set(key, { user, at: Date.now() });
  return user;
}
