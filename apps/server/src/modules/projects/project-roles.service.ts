import {
  PROJECT_ROLES_MAX,
  type EntityKind,
  type ProjectMember,
  type ProjectMemberInput,
  type ProjectRole,
  type ProjectRoleInput,
} from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { requireInScope, requireRecord, rolePermissions, type RegisteredEntity } from '../../platform/entity';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { requirePlanFeature } from '../../platform/plan-features';
import * as repo from './project-roles.repository';

// Project roles and members (spec §6: project roles per project and per template; Plan.Roles).
// A role is a named set of Project permissions; a member holds one role in a project, which
// adds to their workspace permissions there (the engine's roleScope, role-scope.ts).
export type ProjectRoleKinds = { project: RegisteredEntity; projectTemplate: RegisteredEntity };

const requireRoles = (ctx: TenantContext): void => requirePlanFeature(ctx, 'Plan.Roles', 'Project roles (Projects Pro)');

// The owner exists and is visible (404 first, like another workspace's), then the plan.
async function owner(ctx: TenantContext, ent: RegisteredEntity, id: string): Promise<void> {
  await requireRecord(ctx, ent.registry, { kind: ent.definition.kind as EntityKind, id }, 'view');
  requireRoles(ctx);
}

// Changing a project's roles or members: its settings permission (a template's: managing
// templates), in the workspace or through the caller's own role in the project.
async function mayChange(ctx: TenantContext, ent: RegisteredEntity, id: string, feature: 'settings' | 'manage'): Promise<void> {
  await owner(ctx, ent, id);
  await requireInScope(ctx, ent, feature, { id });
}

const duplicateName = (name: string) =>
  new AppError(409, 'duplicate', `A role named ${name} exists already`, [
    { field: 'name', code: 'duplicate', message: `A role named ${name} exists already` },
  ]);

export async function listRoles(ctx: TenantContext, ent: RegisteredEntity, ownerId: string): Promise<ProjectRole[]> {
  await owner(ctx, ent, ownerId);
  return repo.rolesOf(ctx, ownerId);
}

export async function createRole(ctx: TenantContext, ent: RegisteredEntity, ownerId: string, body: ProjectRoleInput): Promise<ProjectRole> {
  await mayChange(ctx, ent, ownerId, 'settings');
  if ((await repo.countRoles(ctx, ownerId)) >= PROJECT_ROLES_MAX)
    throw new AppError(409, 'maxItems', `A project has at most ${PROJECT_ROLES_MAX} roles`, [
      { field: 'name', code: 'maxItems', message: `A project has at most ${PROJECT_ROLES_MAX} roles` },
    ]);
  const id = await repo.insertRole(ctx, ownerId, body.name, body.permissions);
  if (!id) throw duplicateName(body.name);
  const role = await repo.roleOf(ctx, ownerId, id);
  if (!role) throw notFound('Project role');
  return role;
}

export async function updateRole(
  ctx: TenantContext,
  ent: RegisteredEntity,
  ownerId: string,
  id: string,
  body: ProjectRoleInput,
): Promise<ProjectRole> {
  await mayChange(ctx, ent, ownerId, 'settings');
  const done = await repo.updateRole(ctx, ownerId, id, body.name, body.permissions);
  if (done === 'duplicate') throw duplicateName(body.name);
  const role = done ? await repo.roleOf(ctx, ownerId, id) : undefined;
  if (!role) throw notFound('Project role');
  return role;
}

export async function deleteRole(ctx: TenantContext, ent: RegisteredEntity, ownerId: string, id: string): Promise<void> {
  await mayChange(ctx, ent, ownerId, 'settings');
  const role = await repo.roleOf(ctx, ownerId, id);
  if (!role) throw notFound('Project role');
  if (role.memberCount > 0)
    throw new AppError(409, 'referencedRecord', `${role.memberCount} member(s) hold the role ${role.name}`, [
      { field: 'id', code: 'referencedRecord', message: `${role.memberCount} member(s) hold this role` },
    ]);
  await repo.deleteRole(ctx, ownerId, id);
}

export async function listMembers(ctx: TenantContext, kinds: ProjectRoleKinds, projectId: string): Promise<ProjectMember[]> {
  await owner(ctx, kinds.project, projectId);
  return repo.membersOf(ctx, projectId);
}

async function roleOfProject(ctx: TenantContext, projectId: string, roleId: string): Promise<void> {
  if (!(await repo.roleOf(ctx, projectId, roleId))) throw fieldError('roleId', 'referenceNotFound', 'roleId names no role of this project');
}

export async function addMember(
  ctx: TenantContext,
  kinds: ProjectRoleKinds,
  projectId: string,
  body: ProjectMemberInput,
): Promise<ProjectMember> {
  await mayChange(ctx, kinds.project, projectId, 'manage');
  if (!(await repo.isWorkspaceMember(ctx, body.tenantUserId)))
    throw fieldError('tenantUserId', 'referenceNotFound', 'tenantUserId names no member of this workspace');
  await roleOfProject(ctx, projectId, body.roleId);
  if (!(await repo.insertMember(ctx, projectId, body.tenantUserId, body.roleId)))
    throw new AppError(409, 'duplicate', 'The user is a member of this project already', [
      { field: 'tenantUserId', code: 'duplicate', message: 'Already a member of this project' },
    ]);
  const member = await repo.memberOf(ctx, projectId, body.tenantUserId);
  if (!member) throw notFound('Project member');
  return member;
}

export async function changeMember(
  ctx: TenantContext,
  kinds: ProjectRoleKinds,
  projectId: string,
  tenantUserId: string,
  roleId: string,
): Promise<ProjectMember> {
  await mayChange(ctx, kinds.project, projectId, 'manage');
  await roleOfProject(ctx, projectId, roleId);
  if (!(await repo.updateMember(ctx, projectId, tenantUserId, roleId))) throw notFound('Project member');
  const member = await repo.memberOf(ctx, projectId, tenantUserId);
  if (!member) throw notFound('Project member');
  return member;
}

export async function removeMember(ctx: TenantContext, kinds: ProjectRoleKinds, projectId: string, tenantUserId: string): Promise<void> {
  await mayChange(ctx, kinds.project, projectId, 'manage');
  if (!(await repo.deleteMember(ctx, projectId, tenantUserId))) throw notFound('Project member');
}

// The caller's permissions in one project: the workspace's with their project role's (the web
// app shows and hides the project's actions by these).
export async function myProjectPermissions(
  ctx: TenantContext,
  kinds: ProjectRoleKinds,
  projectId: string,
): Promise<{ roleId: string | null; permissions: string[] }> {
  await requireRecord(ctx, kinds.project.registry, { kind: 'Project', id: projectId }, 'view');
  const role = ctx.permissions.has('Plan.Roles') ? await repo.rolePermissionsIn(ctx, projectId) : undefined;
  const merged = new Set<string>(ctx.permissions);
  for (const p of await rolePermissions(ctx, kinds.project, projectId)) merged.add(p);
  return { roleId: role?.roleId ?? null, permissions: [...merged].sort() };
}

// What a member's role grants in a project, for the engine's merge (provideRolePermissions).
export async function grantsInProject(ctx: TenantContext, projectId: string): Promise<string[]> {
  return (await repo.rolePermissionsIn(ctx, projectId))?.permissions ?? [];
}

// The same for many records at once, as a condition in the engine's reads (a member sees, and
// archives, their projects' tasks); and what their roles grant in any project (the web opens the
// project and task pages by it).
export const projectRoleProvider = { grants: grantsInProject, granted: repo.roleGrantSql, held: repo.heldPermissions };

// A template's roles go to a project made from it, a project's to a template made from it.
export const copyRoles = (ctx: TenantContext, fromOwner: string, toOwner: string): Promise<void> => repo.copyRoles(ctx, fromOwner, toOwner);

// A purged project or template takes its roles (and their members) along.
export const deleteRolesOf = (ctx: TenantContext, ownerIds: readonly string[]): Promise<void> => repo.deleteRolesOf(ctx, ownerIds);
