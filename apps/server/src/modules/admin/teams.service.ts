import type { MyTenant, TeamInviteInfo, TeamInviteUrl, TeamMember, TeamMembersPatch } from '@atrium/domain';
import type { AuthUser, TenantContext } from '../../platform/context';
import type { Db } from '../../platform/database';
import { accessDenied, AppError, fieldError, notFound } from '../../platform/errors';
import { tenantsRepository } from './tenants.repository';
import { joinAs, toTenant } from './tenants.service';
import { teamsRepository as repo } from './teams.repository';
import { workspaceUsersRepository } from './workspace-users.repository';
import { hashToken, newInviteToken, parseInviteToken } from './workspace-users.service';

const DAY_MS = 24 * 3600 * 1000;
const invalidLink = () => new AppError(400, 'invalidInviteLink', 'This invite link is invalid, expired or revoked');

async function team(ctx: TenantContext, id: string) {
  const row = await repo.byId(ctx, id);
  if (!row) throw notFound('Team');
  return row;
}

export type TeamsDeps = { publicUrl: string; resendInvite: (ctx: TenantContext, tenantUserId: string) => Promise<unknown> };

// A team's members, its invite URL and the module permissions it grants (spec §7: Teams).
export function teamsService(deps: TeamsDeps) {
  return {
    async members(ctx: TenantContext, teamId: string, q: { page: number; pageSize: number; search?: string | undefined }) {
      await team(ctx, teamId);
      const { rows, total } = await repo.members(ctx, teamId, { search: q.search, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
      return { data: rows satisfies TeamMember[], total };
    },

    // Adds and removes workspace users in one step. A team that has members keeps at least one
    // (spec §8: minimum users); the team's row is locked so two removals cannot both pass.
    async patchMembers(ctx: TenantContext, teamId: string, patch: TeamMembersPatch): Promise<{ total: number }> {
      await team(ctx, teamId);
      await repo.lock(ctx, teamId);
      const known = await repo.existingUsers(ctx, patch.add);
      const unknown = patch.add.findIndex((id) => !known.has(id));
      if (unknown >= 0) throw fieldError(`add.${unknown}`, 'referenceNotFound', `add.${unknown} names no user of this workspace`);
      const before = await repo.memberCount(ctx, teamId);
      await repo.addMembers(ctx, teamId, patch.add);
      await repo.removeMembers(
        ctx,
        teamId,
        patch.remove.filter((id) => !patch.add.includes(id)),
      );
      const total = await repo.memberCount(ctx, teamId);
      if (before > 0 && total === 0) throw new AppError(409, 'minimumUsers', 'A team needs at least one member');
      return { total };
    },

    // Sends the invitation again to the team's members who have not joined yet.
    async resendInvites(ctx: TenantContext, teamId: string): Promise<{ sent: number }> {
      await team(ctx, teamId);
      const pending = await repo.invitedMembers(ctx, teamId);
      for (const id of pending) await deps.resendInvite(ctx, id);
      return { sent: pending.length };
    },

    // A new URL replaces the team's previous one (which stops working); only its hash is kept.
    async createInviteUrl(ctx: TenantContext, teamId: string, days: number): Promise<TeamInviteUrl> {
      await team(ctx, teamId);
      const token = newInviteToken(ctx.tenantId);
      const expiresAt = new Date(Date.now() + days * DAY_MS);
      await repo.setInviteLink(ctx, teamId, hashToken(token), expiresAt, ctx.tenantUserId);
      return { url: `${deps.publicUrl}/teams/join/${token}`, token, expiresAt: expiresAt.toISOString() };
    },

    async revokeInviteUrl(ctx: TenantContext, teamId: string): Promise<void> {
      await team(ctx, teamId);
      await repo.deleteInviteLink(ctx, teamId);
    },

    async permissions(ctx: TenantContext, teamId: string): Promise<{ permissions: string[] }> {
      await team(ctx, teamId);
      return { permissions: await repo.permissions(ctx, teamId) };
    },

    // Granting permissions is managing permissions: ManageTeams alone is not enough.
    async setPermissions(ctx: TenantContext, teamId: string, permissions: readonly string[]): Promise<{ permissions: string[] }> {
      if (!ctx.permissions.has('Setting.ManagePermissions')) throw accessDenied('Requires Setting.ManagePermissions');
      await team(ctx, teamId);
      const list = [...new Set(permissions)].sort();
      await repo.setPermissions(ctx, teamId, list);
      return { permissions: list };
    },
  };
}

async function linkOf(tx: Db, token: string) {
  const parsed = parseInviteToken(token);
  if (!parsed) return undefined;
  await tenantsRepository.setTenant(tx, parsed.tenantId);
  const scope = { tenantId: parsed.tenantId, db: tx };
  const link = await repo.inviteLinkByHash(scope, hashToken(token));
  if (!link || link.expiresAt < new Date()) return undefined;
  return { scope, link };
}

// Opened by people who may not be members yet: the tenant comes from the token (RLS stays on).
export const teamInvitesService = {
  async describe(db: Db, token: string): Promise<TeamInviteInfo> {
    return db.transaction(async (tx) => {
      const found = await linkOf(tx, token);
      if (!found) return { valid: false };
      const tenant = await tenantsRepository.byId(tx, found.scope.tenantId);
      return {
        valid: true,
        workspaceName: tenant?.name ?? '',
        teamName: found.link.teamName,
        expiresAt: found.link.expiresAt.toISOString(),
      };
    });
  },

  // A workspace member joins the team; anyone else joins the workspace as a Member (with the
  // default team) and the team. A pending e-mail invitation of the same address is taken up.
  async accept(db: Db, user: AuthUser, token: string): Promise<MyTenant & { teamId: string }> {
    return db.transaction(async (tx) => {
      const found = await linkOf(tx, token);
      if (!found) throw invalidLink();
      const { scope, link } = found;
      const tenantRow = await tenantsRepository.byId(tx, scope.tenantId);
      if (!tenantRow) throw invalidLink();
      let membership: MyTenant;
      const active = await repo.activeMembership(scope, user.id);
      const sameEmail = active ? undefined : await workspaceUsersRepository.byEmail(scope, user.email.toLowerCase());
      const invited = sameEmail ? await workspaceUsersRepository.byId(scope, sameEmail.id) : undefined;
      // the address belongs to another account's membership: joining again is not the answer
      if (invited && invited.status !== 'invited') throw new AppError(409, 'alreadyMember', 'This e-mail address is already a member');
      if (active) {
        const row = await workspaceUsersRepository.byId(scope, active);
        membership = { ...toTenant(tenantRow), tenantUserId: active, role: row?.roleName ?? '' };
      } else if (invited) {
        await workspaceUsersRepository.activate(scope, invited.tenantUserId, user.id);
        const teamId = await tenantsRepository.defaultTeamId(tx, scope.tenantId);
        if (teamId) await tenantsRepository.addTeamMember(tx, scope.tenantId, teamId, invited.tenantUserId);
        membership = { ...toTenant(tenantRow), tenantUserId: invited.tenantUserId, role: invited.roleName };
      } else {
        membership = await joinAs(tx, toTenant(tenantRow), user, 'Member');
      }
      await repo.addMembers(scope, link.teamId, [membership.tenantUserId]);
      return { ...membership, teamId: link.teamId };
    });
  },
};
