import type { MyTenant, WorkspaceUser, WorkspaceUserCreate, WorkspaceUserList, WorkspaceUserUpdate } from '@atrium/domain';
import type { AuthUser, TenantContext } from '../../platform/context';
import type { Db } from '../../platform/database';
import { AppError, fieldError, notFound } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/mailer';
import * as tenantsRepository from './tenants.repository';
import { toTenant } from './tenants.service';
import * as repo from './workspace-users.repository';
import type { WorkspaceUserRow } from './workspace-users.repository';
import { escapeHtml } from '../../platform/html.util';
import { hashToken, newTenantToken, parseTenantToken } from '../../platform/tenant-token';

const INVITE_TTL_MS = 7 * 24 * 3600 * 1000;
// how long an expired invitation stays listed before the clean-up removes it
export const INVITATION_RETENTION_MS = 30 * 24 * 3600 * 1000;

const invalidInvite = () => new AppError(400, 'invalidInviteLink', 'This invitation link is invalid or has expired');

function toDto(row: WorkspaceUserRow): WorkspaceUser {
  return {
    tenantUserId: row.tenantUserId,
    userId: row.userId,
    email: row.email,
    name: row.name,
    roleId: row.roleId,
    roleName: row.roleName,
    roleKey: row.roleKey ?? null,
    status: row.status,
    invitedAt: row.invitedAt.toISOString(),
    joinedAt: row.joinedAt ? row.joinedAt.toISOString() : null,
  };
}

export type WorkspaceUsersDeps = { mailer: Mailer; publicUrl: string };

async function sendInvite(ctx: TenantContext, deps: WorkspaceUsersDeps, email: string, token: string) {
  const tenant = await tenantsRepository.byId(ctx.db, ctx.tenantId);
  const link = `${deps.publicUrl}/workspaces/invite/${token}`;
  const workspace = tenant?.name ?? 'a workspace';
  await deps.mailer.send({
    to: email,
    subject: `${ctx.user.name} invited you to ${workspace} on Atrium`,
    text: `${ctx.user.name} invited you to join ${workspace} on Atrium.\n\nAccept the invitation: ${link}\n\nThe link is valid for 7 days.`,
    html: `<p>${escapeHtml(ctx.user.name)} invited you to join <strong>${escapeHtml(workspace)}</strong> on Atrium.</p><p><a href="${link}">Accept the invitation</a></p><p>The link is valid for 7 days.</p>`,
  });
}

async function load(ctx: TenantContext, id: string): Promise<WorkspaceUserRow> {
  const row = await repo.byId(ctx, id);
  if (!row) throw notFound('User');
  return row;
}

// An admin stays: demoting or removing the last active admin is refused.
async function assertNotLastAdmin(ctx: TenantContext, row: WorkspaceUserRow) {
  if (row.roleKey !== 'Admin' || row.status !== 'active') return;
  const admins = await repo.lockActiveAdmins(ctx);
  if (admins.length <= 1 && admins.includes(row.tenantUserId)) {
    throw new AppError(409, 'lastAdminCannotBeRemoved', 'The last admin of a workspace cannot be removed or demoted');
  }
}

export async function list(ctx: TenantContext, q: WorkspaceUserList) {
  const { rows, total } = await repo.list(ctx, q);
  return { data: rows.map(toDto), total };
}

export async function get(ctx: TenantContext, id: string) {
  return toDto(await load(ctx, id));
}

export async function invite(ctx: TenantContext, deps: WorkspaceUsersDeps, input: WorkspaceUserCreate): Promise<WorkspaceUser> {
  const email = input.email.toLowerCase();
  if (!(await repo.roleExists(ctx, input.roleId))) throw fieldError('roleId', 'notFound', 'roleId does not name a role of this workspace');
  const existing = await repo.byEmail(ctx, email);
  if (existing) {
    const row = await load(ctx, existing.id);
    if (row.status !== 'invited') throw fieldError('email', 'alreadyMember', 'email is already a member of the workspace', 409);
    // inviting a pending invitee again sends a new invitation: a new token (the old link stops
    // working), a new expiry, the role now chosen (issue 12, defect 8)
    if (row.roleId !== input.roleId) await repo.setRole(ctx, row.tenantUserId, input.roleId);
    const token = newTenantToken(ctx.tenantId);
    await repo.setInviteToken(ctx, row.tenantUserId, hashToken(token), new Date(Date.now() + INVITE_TTL_MS));
    await sendInvite(ctx, deps, email, token);
    return toDto(await load(ctx, row.tenantUserId));
  }
  const token = newTenantToken(ctx.tenantId);
  const created = await repo.insertInvited(ctx, {
    email,
    roleId: input.roleId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + INVITE_TTL_MS),
    invitedBy: ctx.tenantUserId,
  });
  await sendInvite(ctx, deps, email, token);
  return toDto(await load(ctx, created.id));
}

export async function resendInvite(ctx: TenantContext, deps: WorkspaceUsersDeps, id: string): Promise<WorkspaceUser> {
  const row = await load(ctx, id);
  if (row.status !== 'invited') throw new AppError(409, 'alreadyMember', 'This user has already joined');
  const token = newTenantToken(ctx.tenantId);
  await repo.setInviteToken(ctx, id, hashToken(token), new Date(Date.now() + INVITE_TTL_MS));
  await sendInvite(ctx, deps, row.email, token);
  return toDto(row);
}

export async function update(ctx: TenantContext, id: string, input: WorkspaceUserUpdate): Promise<WorkspaceUser> {
  const row = await load(ctx, id);
  const role = await repo.roleExists(ctx, input.roleId);
  if (!role) throw fieldError('roleId', 'notFound', 'roleId does not name a role of this workspace');
  if (role.systemKey !== 'Admin') await assertNotLastAdmin(ctx, row);
  await repo.setRole(ctx, id, input.roleId);
  return toDto(await load(ctx, id));
}

export async function remove(ctx: TenantContext, id: string): Promise<void> {
  const row = await load(ctx, id);
  await assertNotLastAdmin(ctx, row);
  await repo.remove(ctx, id);
}
// Invitations are opened by people who are not members yet, so these run in their own
// tenant transaction, with the tenant taken from the token.
export async function describeInvite(db: Db, token: string): Promise<{ valid: boolean; tenantName?: string; email?: string }> {
  const parsed = parseTenantToken(token);
  if (!parsed) return { valid: false };
  return db.transaction(async (tx) => {
    await tenantsRepository.setTenant(tx, parsed.tenantId);
    const scope = { tenantId: parsed.tenantId, db: tx };
    const invite = await repo.byTokenHash(scope, hashToken(token));
    if (!invite || invite.status !== 'invited' || !invite.expiresAt || invite.expiresAt < new Date()) return { valid: false };
    const tenant = await tenantsRepository.byId(tx, parsed.tenantId);
    return { valid: true, tenantName: tenant?.name ?? '', email: invite.email };
  });
}

export async function acceptInvite(db: Db, user: AuthUser, token: string): Promise<MyTenant> {
  const parsed = parseTenantToken(token);
  if (!parsed) throw invalidInvite();
  return db.transaction(async (tx) => {
    await tenantsRepository.setTenant(tx, parsed.tenantId);
    const scope = { tenantId: parsed.tenantId, db: tx };
    const invite = await repo.byTokenHash(scope, hashToken(token));
    // expired, used, or issued to another e-mail: all the same invalid link
    if (!invite || invite.status !== 'invited' || !invite.expiresAt || invite.expiresAt < new Date()) throw invalidInvite();
    if (invite.email.toLowerCase() !== user.email.toLowerCase()) throw invalidInvite();
    if (await repo.isMemberUser(scope, user.id)) throw new AppError(409, 'alreadyMember', 'You are already a member of this workspace');
    await repo.activate(scope, invite.id, user.id);
    const teamId = await tenantsRepository.defaultTeamId(tx, parsed.tenantId);
    if (teamId) await tenantsRepository.addTeamMember(tx, parsed.tenantId, teamId, invite.id);
    const tenant = await tenantsRepository.byId(tx, parsed.tenantId);
    const row = await repo.byId(scope, invite.id);
    if (!tenant || !row) throw invalidInvite();
    return { ...toTenant(tenant), tenantUserId: invite.id, role: row.roleName };
  });
}
