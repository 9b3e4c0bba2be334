import { MODULE_KINDS, SYSTEM_ROLE_PERMISSIONS, defaultPlan, type MyTenant, type Tenant, type TenantRegister } from '@atrium/domain';
import type { AuthUser, TenantContext, TenantScope, UserContext } from '../../platform/context';
import type { Db } from '../../platform/database';
import { isUniqueViolation } from '../../platform/db-errors';
import { createDefaultWorkflows, type RegisteredEntity } from '../../platform/entity';
import { AppError, fieldError, notFound } from '../../platform/errors';
import * as repo from './tenants.repository';
import type { TenantRow } from './tenants.repository';
import { newDomainChallenge } from './workspace-domain.service';
import * as workspaceUsersRepository from './workspace-users.repository';

const ROLE_NAMES = { Admin: 'Admin', Member: 'Member', PortalUser: 'Portal user' } as const;
const DEFAULT_TEAM_NAME = 'Everyone';

export function toTenant(row: TenantRow): Tenant {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    domain: row.domain,
    domainSignUp: row.domainSignUp,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
  };
}

const slugTaken = () => fieldError('slug', 'slugAlreadyExists', 'slug is already taken', 409);

export type RegisterDeps = { kinds: ReadonlyMap<string, RegisteredEntity> };

// The creator becomes the workspace admin and a member of the default team; every product
// starts on its free plan, every kind with stages with its default workflow.
export async function register(ctx: UserContext, input: TenantRegister, deps: RegisterDeps): Promise<MyTenant> {
  if (await repo.slugExists(ctx.db, input.slug)) throw slugTaken();
  try {
    return await ctx.db.transaction(async (tx) => {
      const tenant = await repo.insert(tx, {
        name: input.name,
        slug: input.slug,
        domain: input.domain ? input.domain : null,
        domainSignUp: input.domainSignUp,
        currency: input.currency,
        // unproven until the TXT record or a mailed code says otherwise
        domainChallenge: input.domain ? newDomainChallenge() : null,
        createdBy: ctx.user.id,
      });
      await repo.setTenant(tx, tenant.id);
      const roleRows = await repo.insertRoles(
        tx,
        tenant.id,
        (Object.keys(ROLE_NAMES) as (keyof typeof ROLE_NAMES)[]).map((key) => ({
          name: ROLE_NAMES[key],
          systemKey: key,
          permissions: [...SYSTEM_ROLE_PERMISSIONS[key]],
        })),
      );
      const adminRoleId = roleRows.find((r) => r.systemKey === 'Admin')?.id;
      if (!adminRoleId) throw new Error('admin role missing');
      const member = await repo.insertMember(tx, {
        tenantId: tenant.id,
        userId: ctx.user.id,
        email: ctx.user.email.toLowerCase(),
        roleId: adminRoleId,
        status: 'active',
        joinedAt: new Date(),
      });
      const team = await repo.insertDefaultTeam(tx, tenant.id, DEFAULT_TEAM_NAME);
      await repo.addTeamMember(tx, tenant.id, team.id, member.id);
      await repo.insertSubscriptions(
        tx,
        tenant.id,
        MODULE_KINDS.map((type) => ({ productType: type, planSlug: defaultPlan(type).slug })),
      );
      await createDefaultWorkflows({ tenantId: tenant.id, db: tx }, deps.kinds, await repo.cultureOf(tx, ctx.user.id));
      return { ...toTenant(tenant), tenantUserId: member.id, role: ROLE_NAMES.Admin };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'tenants_slug_key')) throw slugTaken();
    throw err;
  }
}

export async function slugAvailable(ctx: UserContext, slug: string): Promise<boolean> {
  return !(await repo.slugExists(ctx.db, slug));
}

export async function listMine(ctx: UserContext): Promise<MyTenant[]> {
  const memberships = await repo.membershipsOf(ctx.db, ctx.user.id);
  const rows = await repo.byIds(
    ctx.db,
    memberships.map((m) => m.tenant_id),
  );
  return rows.map((row) => {
    const m = memberships.find((x) => x.tenant_id === row.id);
    return { ...toTenant(row), tenantUserId: m?.tenant_user_id ?? '', role: m?.role_name ?? '' };
  });
}

export async function get(ctx: TenantContext, id: string): Promise<Tenant> {
  // the header names the workspace; another id is someone else's and answers 404
  if (id !== ctx.tenantId) throw notFound('Workspace');
  const row = await repo.byId(ctx.db, id);
  if (!row) throw notFound('Workspace');
  return toTenant(row);
}

// Workspaces that opened sign-up to the caller's e-mail domain and that they are not in.
export async function recommended(ctx: UserContext): Promise<Tenant[]> {
  const domain = ctx.user.email.split('@')[1]?.toLowerCase();
  if (!domain) return [];
  const mine = await repo.membershipsOf(ctx.db, ctx.user.id);
  const rows = await repo.recommendedFor(
    ctx.db,
    domain,
    mine.map((m) => m.tenant_id),
  );
  return rows.map(toTenant);
}

export async function join(ctx: UserContext, tenantId: string): Promise<MyTenant> {
  const open = await recommended(ctx);
  const tenant = open.find((t) => t.id === tenantId);
  if (!tenant) throw new AppError(404, 'notRecommended', 'This workspace is not open to your e-mail domain');
  return ctx.db.transaction(async (tx) => {
    await repo.setTenant(tx, tenantId);
    return joinAs(tx, tenant, ctx.user, 'Member');
  });
}

// Adds an existing user as an active member (with the default team) inside a tenant transaction.
export async function joinAs(
  tx: Db,
  tenant: Tenant,
  user: { id: string; email: string },
  systemKey: 'Member' | 'Admin',
): Promise<MyTenant> {
  const roleId = await repo.memberRoleId(tx, tenant.id, systemKey);
  if (!roleId) throw new Error(`role ${systemKey} missing`);
  const member = await repo.insertMember(tx, {
    tenantId: tenant.id,
    userId: user.id,
    email: user.email.toLowerCase(),
    roleId,
    status: 'active',
    joinedAt: new Date(),
  });
  const teamId = await repo.defaultTeamId(tx, tenant.id);
  if (teamId) await repo.addTeamMember(tx, tenant.id, teamId, member.id);
  return { ...tenant, tenantUserId: member.id, role: systemKey === 'Admin' ? ROLE_NAMES.Admin : ROLE_NAMES.Member };
}

// A workspace entered on behalf of someone who may not be a member yet (a team's invite URL
// names it): app.tenant_id is set for the transaction, row-level security stays on.
export async function enterInvitedTenant(tx: Db, tenantId: string): Promise<TenantScope> {
  await repo.setTenant(tx, tenantId);
  return { tenantId, db: tx };
}

export async function tenantOf(db: Db, id: string): Promise<Tenant | undefined> {
  const row = await repo.byId(db, id);
  return row ? toTenant(row) : undefined;
}

// Joining a workspace through a team's invite URL (the team adds the member itself): a
// member stays as they are; a pending e-mail invitation of the same address is taken up (with
// the default team); anyone else joins as a Member.
export async function joinThroughInvite(scope: TenantScope, tenant: Tenant, user: AuthUser): Promise<MyTenant> {
  const active = await workspaceUsersRepository.activeMembership(scope, user.id);
  const sameEmail = active ? undefined : await workspaceUsersRepository.byEmail(scope, user.email.toLowerCase());
  const invited = sameEmail ? await workspaceUsersRepository.byId(scope, sameEmail.id) : undefined;
  // the address belongs to another account's membership: joining again is not the answer
  if (invited && invited.status !== 'invited') throw new AppError(409, 'alreadyMember', 'This e-mail address is already a member');
  if (active) {
    const row = await workspaceUsersRepository.byId(scope, active);
    return { ...tenant, tenantUserId: active, role: row?.roleName ?? '' };
  }
  if (invited) {
    await workspaceUsersRepository.activate(scope, invited.tenantUserId, user.id);
    const teamId = await repo.defaultTeamId(scope.db, scope.tenantId);
    if (teamId) await repo.addTeamMember(scope.db, scope.tenantId, teamId, invited.tenantUserId);
    return { ...tenant, tenantUserId: invited.tenantUserId, role: invited.roleName };
  }
  return joinAs(scope.db, tenant, user, 'Member');
}
