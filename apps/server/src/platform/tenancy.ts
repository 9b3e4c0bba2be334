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

// Runs inside the tenant transaction: RLS limits every row to the current tenant.
export async function loadMembership(tx: Db, userId: string): Promise<Membership | undefined> {
  const res = await tx.execute<{ id: string; role: string; permissions: string[]; plans: string[] | null }>(sql`
    select tu.id, r.name as role, r.permissions,
      (select array_agg(s.plan_slug) from subscriptions s) as plans
    from tenant_users tu
    join roles r on r.tenant_id = tu.tenant_id and r.id = tu.role_id
    where tu.user_id = ${userId} and tu.status = 'active'
  `);
  const row = res.rows[0];
  if (!row) return undefined;
  const plans = row.plans ?? [];
  return { tenantUserId: row.id, role: row.role, permissions: mergePermissions(row.permissions, plans), plans };
}

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
  const res =
    claims.issuer === embeddedIssuer
      ? await db.execute<AuthUser>(sql`select id, email, name from users where id = ${claims.subject}::uuid`)
      : await db.execute<AuthUser>(sql`
          select u.id, u.email, u.name from user_identities i join users u on u.id = i.user_id
          where i.issuer = ${claims.issuer} and i.subject = ${claims.subject}`);
  const user = res.rows[0];
  if (user) userCache.set(key, { user, at: Date.now() });
  return user;
}
