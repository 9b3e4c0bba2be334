import { HELPDESK_ROLE_PERMISSIONS, type HelpdeskMember, type HelpdeskMemberInput, type HelpdeskRole } from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { requireInScope, requireRecord, rolePermissions, type RegisteredEntity } from '../../platform/entity';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { requirePlanFeature } from '../../platform/plan-features';
import * as repo from './helpdesk-members.repository';

// A helpdesk's members and their roles (decision 094 round six; Plan.Roles, Helpdesk Pro): a
// role adds its permissions to the member's workspace permissions on this helpdesk and its
// requests — the engine's roleScope, as project roles do (role-scope.ts).

// The helpdesk exists and is visible (404 first, like another workspace's).
const helpdesk = (ctx: TenantContext, ent: RegisteredEntity, id: string) =>
  requireRecord(ctx, ent.registry, { kind: 'Helpdesk', id }, 'view');

// Changing the members: the helpdesk's settings permission (ManageProjectSettings), from the
// workspace or the caller's own role in it, on a plan with roles.
async function mayChange(ctx: TenantContext, ent: RegisteredEntity, id: string): Promise<void> {
  await helpdesk(ctx, ent, id);
  requirePlanFeature(ctx, 'Plan.Roles', 'Helpdesk roles (Helpdesk Pro)');
  await requireInScope(ctx, ent, 'settings', { id });
}

export async function listMembers(ctx: TenantContext, ent: RegisteredEntity, helpdeskId: string): Promise<HelpdeskMember[]> {
  await helpdesk(ctx, ent, helpdeskId);
  return repo.membersOf(ctx, helpdeskId);
}

export async function addMember(
  ctx: TenantContext,
  ent: RegisteredEntity,
  helpdeskId: string,
  body: HelpdeskMemberInput,
): Promise<HelpdeskMember> {
  await mayChange(ctx, ent, helpdeskId);
  if (!(await repo.isWorkspaceMember(ctx, body.tenantUserId)))
    throw fieldError('tenantUserId', 'referenceNotFound', 'tenantUserId names no member of this workspace');
  if (!(await repo.insertMember(ctx, helpdeskId, body.tenantUserId, body.role)))
    throw new AppError(409, 'duplicate', 'The user is a member of this helpdesk already', [
      { field: 'tenantUserId', code: 'duplicate', message: 'Already a member of this helpdesk' },
    ]);
  const member = await repo.memberOf(ctx, helpdeskId, body.tenantUserId);
  if (!member) throw notFound('Helpdesk member');
  return member;
}

export async function changeMember(
  ctx: TenantContext,
  ent: RegisteredEntity,
  helpdeskId: string,
  tenantUserId: string,
  role: HelpdeskRole,
): Promise<HelpdeskMember> {
  await mayChange(ctx, ent, helpdeskId);
  if (!(await repo.updateMember(ctx, helpdeskId, tenantUserId, role))) throw notFound('Helpdesk member');
  const member = await repo.memberOf(ctx, helpdeskId, tenantUserId);
  if (!member) throw notFound('Helpdesk member');
  return member;
}

export async function removeMember(ctx: TenantContext, ent: RegisteredEntity, helpdeskId: string, tenantUserId: string): Promise<void> {
  await mayChange(ctx, ent, helpdeskId);
  if (!(await repo.deleteMember(ctx, helpdeskId, tenantUserId))) throw notFound('Helpdesk member');
}

// The caller's permissions in one helpdesk: the workspace's with their role's there.
export async function myHelpdeskPermissions(
  ctx: TenantContext,
  ent: RegisteredEntity,
  helpdeskId: string,
): Promise<{ role: HelpdeskRole | null; permissions: string[] }> {
  await helpdesk(ctx, ent, helpdeskId);
  const role = ctx.permissions.has('Plan.Roles') ? await repo.roleIn(ctx, helpdeskId) : undefined;
  const merged = new Set<string>(ctx.permissions);
  for (const p of await rolePermissions(ctx, ent, helpdeskId)) merged.add(p);
  return { role: role ?? null, permissions: [...merged].sort() };
}

// For the engine's merge (provideRolePermissions): what the caller's role grants in one helpdesk,
// the same as a condition on many, and what their roles grant in any helpdesk.
export const helpdeskRoleProvider = {
  grants: async (ctx: TenantContext, helpdeskId: string): Promise<readonly string[]> => {
    const role = await repo.roleIn(ctx, helpdeskId);
    return role ? HELPDESK_ROLE_PERMISSIONS[role] : [];
  },
  granted: repo.roleGrantSql,
  held: async (ctx: TenantContext): Promise<readonly string[]> => [
    ...new Set((await repo.rolesHeld(ctx)).flatMap((r) => HELPDESK_ROLE_PERMISSIONS[r])),
  ],
};

// A purged helpdesk's members go with it (the foreign key does too; a helpdesk in the recycle bin keeps them).
export const deleteMembersOf = (ctx: TenantContext, ids: readonly string[]): Promise<void> => repo.deleteMembersOf(ctx, ids);
