import { z } from 'zod';
import { permissionsOf, type RolePermission } from '../../permissions';

// Project roles (spec §6: "project roles exist per project and per template"; Plan.Roles): a
// named set of Project permissions that a project's members hold in that project, on top of
// their workspace role's.
export const PROJECT_ROLE_PERMISSIONS: readonly RolePermission[] = permissionsOf('Project');
export const PROJECT_ROLES_MAX = 50;

const name = z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100, { error: 'maxLength' });

export const projectRoleInputSchema = z.strictObject({
  name,
  permissions: z
    .array(z.enum(PROJECT_ROLE_PERMISSIONS as [RolePermission, ...RolePermission[]], { error: 'invalidOption' }), { error: 'required' })
    .max(PROJECT_ROLE_PERMISSIONS.length, { error: 'tooBig' })
    .refine((list) => new Set(list).size === list.length, { error: 'duplicate' })
    .meta({
      uniqueItems: true,
      description: 'Project permissions (spec §6, Project module), each once. Rules `invalidOption`, `duplicate`.',
    }),
});
export type ProjectRoleInput = z.infer<typeof projectRoleInputSchema>;

export const projectRoleSchema = z.object({
  id: z.uuid(),
  // the project or project template the role belongs to
  ownerId: z.uuid(),
  name: z.string(),
  permissions: z.array(z.string()),
  memberCount: z.number().int(),
});
export type ProjectRole = z.infer<typeof projectRoleSchema>;

// left out: required; not a uuid: validation
const id = () => z.uuid({ error: (issue) => (issue.input === undefined ? 'required' : 'validation') });

export const projectMemberInputSchema = z.strictObject({ tenantUserId: id(), roleId: id() });
export type ProjectMemberInput = z.infer<typeof projectMemberInputSchema>;

export const projectMemberUpdateSchema = z.strictObject({ roleId: id() });

export const projectMemberSchema = z.object({
  tenantUserId: z.uuid(),
  user: z.object({ id: z.uuid(), title: z.string() }),
  roleId: z.uuid(),
  roleName: z.string(),
});
export type ProjectMember = z.infer<typeof projectMemberSchema>;

// The caller's permissions in one project: the workspace's merged with the project role's.
export const projectPermissionsSchema = z.object({
  roleId: z.uuid().nullable(),
  permissions: z.array(z.string()),
});
