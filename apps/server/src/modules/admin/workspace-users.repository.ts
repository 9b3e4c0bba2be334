import type { WorkspaceUserList } from '@atrium/domain';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { users } from '../../identity/identity.table';
import type { Db } from '../../platform/database';
import { roles, teamMembers, tenantUsers } from './admin.table';

const columns = {
  tenantUserId: tenantUsers.id,
  userId: tenantUsers.userId,
  email: tenantUsers.email,
  name: users.name,
  roleId: tenantUsers.roleId,
  roleName: roles.name,
  roleKey: roles.systemKey,
  status: tenantUsers.status,
  invitedAt: tenantUsers.createdAt,
  joinedAt: tenantUsers.joinedAt,
  version: tenantUsers.version,
};

export type WorkspaceUserRow = {
  tenantUserId: string;
  userId: string | null;
  email: string;
  name: string | null;
  roleId: string;
  roleName: string;
  roleKey: string | null;
  status: 'invited' | 'active';
  invitedAt: Date;
  joinedAt: Date | null;
  version: string;
};

const SORTS = {
  email: tenantUsers.email,
  name: users.name,
  role: roles.name,
  status: tenantUsers.status,
  invitedAt: tenantUsers.createdAt,
} as const;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function base(db: Db) {
  return db
    .select({ ...columns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(tenantUsers)
    .innerJoin(roles, and(eq(roles.tenantId, tenantUsers.tenantId), eq(roles.id, tenantUsers.roleId)))
    .leftJoin(users, eq(users.id, tenantUsers.userId));
}

export const workspaceUsersRepository = {
  async list(db: Db, q: WorkspaceUserList): Promise<{ rows: WorkspaceUserRow[]; total: number }> {
    const where: SQL[] = [];
    if (q.search) {
      const term = `%${escapeLike(q.search)}%`;
      const match = or(ilike(tenantUsers.email, term), ilike(users.name, term));
      if (match) where.push(match);
    }
    if (q.status) where.push(eq(tenantUsers.status, q.status));
    const order = (q.sort ?? [{ field: 'email', order: 'asc' }]).map((s) =>
      s.order === 'desc' ? desc(SORTS[s.field]) : asc(SORTS[s.field]),
    );
    const rows = await base(db)
      .where(where.length ? and(...where) : undefined)
      .orderBy(...order, asc(tenantUsers.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return { rows, total: rows[0]?.total ?? (q.page > 1 ? await workspaceUsersRepository.count(db, where) : 0) };
  },

  async count(db: Db, where: SQL[]): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(tenantUsers)
      .leftJoin(users, eq(users.id, tenantUsers.userId))
      .where(where.length ? and(...where) : undefined);
    return row?.n ?? 0;
  },

  async byId(db: Db, id: string): Promise<WorkspaceUserRow | undefined> {
    const [row] = await base(db).where(eq(tenantUsers.id, id));
    return row;
  },

  async byEmail(db: Db, email: string) {
    const [row] = await db.select({ id: tenantUsers.id }).from(tenantUsers).where(eq(tenantUsers.email, email));
    return row;
  },

  async roleExists(db: Db, roleId: string) {
    const [row] = await db.select({ id: roles.id, systemKey: roles.systemKey }).from(roles).where(eq(roles.id, roleId));
    return row;
  },

  async insertInvited(
    db: Db,
    values: { tenantId: string; email: string; roleId: string; tokenHash: string; expiresAt: Date; invitedBy: string },
  ) {
    const [row] = await db
      .insert(tenantUsers)
      .values({
        tenantId: values.tenantId,
        email: values.email,
        roleId: values.roleId,
        status: 'invited',
        inviteTokenHash: values.tokenHash,
        inviteExpiresAt: values.expiresAt,
        invitedBy: values.invitedBy,
      })
      .returning({ id: tenantUsers.id });
    if (!row) throw new Error('invite insert returned nothing');
    return row;
  },

  // invitations nobody accepted, expired before `before`
  async deleteExpiredInvitations(db: Db, tenantId: string, before: Date): Promise<number> {
    const rows = await db
      .delete(tenantUsers)
      .where(
        and(
          eq(tenantUsers.tenantId, tenantId),
          eq(tenantUsers.status, 'invited'),
          sql`${tenantUsers.inviteExpiresAt} < ${before.toISOString()}::timestamptz`,
        ),
      )
      .returning({ id: tenantUsers.id });
    return rows.length;
  },

  async setInviteToken(db: Db, id: string, tokenHash: string, expiresAt: Date) {
    await db
      .update(tenantUsers)
      .set({ inviteTokenHash: tokenHash, inviteExpiresAt: expiresAt, updatedAt: new Date() })
      .where(eq(tenantUsers.id, id));
  },

  async setRole(db: Db, id: string, roleId: string) {
    await db
      .update(tenantUsers)
      .set({ roleId, version: sql`gen_random_uuid()::text`, updatedAt: new Date() })
      .where(eq(tenantUsers.id, id));
  },

  async remove(db: Db, id: string) {
    await db.delete(tenantUsers).where(eq(tenantUsers.id, id));
  },

  // Locks every active admin row, so two concurrent demotions cannot both pass the check.
  async lockActiveAdmins(db: Db): Promise<string[]> {
    const rows = await db.execute<{ id: string }>(sql`
      select tu.id from tenant_users tu
      join roles r on r.tenant_id = tu.tenant_id and r.id = tu.role_id
      where r.system_key = 'Admin' and tu.status = 'active'
      for update of tu`);
    return rows.rows.map((r) => r.id);
  },

  async byTokenHash(db: Db, tokenHash: string) {
    const [row] = await db
      .select({ id: tenantUsers.id, email: tenantUsers.email, status: tenantUsers.status, expiresAt: tenantUsers.inviteExpiresAt })
      .from(tenantUsers)
      .where(eq(tenantUsers.inviteTokenHash, tokenHash));
    return row;
  },

  async activate(db: Db, id: string, userId: string) {
    await db
      .update(tenantUsers)
      .set({ userId, status: 'active', joinedAt: new Date(), inviteTokenHash: null, inviteExpiresAt: null, updatedAt: new Date() })
      .where(eq(tenantUsers.id, id));
  },

  async isMemberUser(db: Db, userId: string) {
    const [row] = await db.select({ id: tenantUsers.id }).from(tenantUsers).where(eq(tenantUsers.userId, userId));
    return row;
  },

  async teamMemberships(db: Db, tenantUserId: string) {
    return db.select().from(teamMembers).where(eq(teamMembers.tenantUserId, tenantUserId));
  },
};
