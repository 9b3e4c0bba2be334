import {
  projectEntity,
  projectMemberInputSchema,
  projectMemberSchema,
  projectMemberUpdateSchema,
  projectPermissionsSchema,
  projectRoleInputSchema,
  projectRoleSchema,
  projectTemplateEntity,
} from '@atrium/domain';
import { z } from 'zod';
import { EXAMPLE_ID, scopedPermission } from '../../platform/entity';
import type { Router } from '../../platform/router';
import * as roles from './project-roles.service';

const params = z.object({ id: z.uuid() });
const roleParams = z.object({ id: z.uuid(), roleId: z.uuid() });
const memberParams = z.object({ id: z.uuid(), tenantUserId: z.uuid() });
const roleExample = { name: 'Contributor', permissions: ['Project.CreateTasks', 'Project.ManageTasks'] };

// Project roles per project and per template, and a project's members (Plan.Roles). Changing a
// project's roles needs its settings permission, its members managing the project — from the
// workspace role or the caller's own project role (the service checks which).
export function registerProjectRoleRoutes(router: Router, kinds: roles.ProjectRoleKinds): void {
  const owners = [
    { ent: kinds.project, def: projectEntity, tag: 'Project', view: scopedPermission(projectEntity, 'view') },
    { ent: kinds.projectTemplate, def: projectTemplateEntity, tag: 'ProjectTemplate', view: projectTemplateEntity.permissions.view },
  ] as const;
  for (const { ent, def, tag, view } of owners) {
    const base = `${def.basePath}/:id/roles`;
    const common = { tags: [tag], table: ent.tableName };
    // a project's own roles may let a member change them; a template's need the workspace's permission
    const change = tag === 'Project' ? ([def.permissions.settings, 'Plan.Roles'] as const) : def.permissions.settings;
    router.tenant({
      ...common,
      method: 'GET',
      url: base,
      summary: `The roles of a ${tag === 'Project' ? 'project' : 'project template'} with their member counts`,
      permission: view,
      readOnly: true,
      schemas: { params, response: z.array(projectRoleSchema) },
      handler: (ctx, { params }) => roles.listRoles(ctx, ent, params.id),
    });
    router.tenant({
      ...common,
      method: 'POST',
      url: base,
      summary: 'Add a role: a name and Project permissions',
      permission: change,
      status: 201,
      schemas: { params, body: projectRoleInputSchema, response: projectRoleSchema },
      example: roleExample,
      handler: (ctx, { params, body }) => roles.createRole(ctx, ent, params.id, body),
    });
    router.tenant({
      ...common,
      method: 'PUT',
      url: `${base}/:roleId`,
      summary: "Rename a role or replace its permissions (its members' rights change at once)",
      permission: change,
      schemas: { params: roleParams, body: projectRoleInputSchema, response: projectRoleSchema },
      example: roleExample,
      handler: (ctx, { params, body }) => roles.updateRole(ctx, ent, params.id, params.roleId, body),
    });
    router.tenant({
      ...common,
      method: 'DELETE',
      url: `${base}/:roleId`,
      summary: 'Delete a role no member holds (409 referencedRecord otherwise)',
      permission: change,
      status: 204,
      schemas: { params: roleParams },
      handler: (ctx, { params }) => roles.deleteRole(ctx, ent, params.id, params.roleId),
    });
  }

  const base = `${projectEntity.basePath}/:id/members`;
  const common = { tags: ['Project'], table: kinds.project.tableName };
  const manage = scopedPermission(projectEntity, 'manage');
  router.tenant({
    ...common,
    method: 'GET',
    url: base,
    summary: "A project's members with their project roles",
    permission: scopedPermission(projectEntity, 'view'),
    readOnly: true,
    schemas: { params, response: z.array(projectMemberSchema) },
    handler: (ctx, { params }) => roles.listMembers(ctx, kinds, params.id),
  });
  router.tenant({
    ...common,
    method: 'POST',
    url: base,
    summary: 'Add a workspace member to a project with one of its roles',
    permission: manage,
    status: 201,
    schemas: { params, body: projectMemberInputSchema, response: projectMemberSchema },
    example: { tenantUserId: EXAMPLE_ID, roleId: EXAMPLE_ID },
    handler: (ctx, { params, body }) => roles.addMember(ctx, kinds, params.id, body),
  });
  router.tenant({
    ...common,
    method: 'PUT',
    url: `${base}/:tenantUserId`,
    summary: "Change a member's project role",
    permission: manage,
    schemas: { params: memberParams, body: projectMemberUpdateSchema, response: projectMemberSchema },
    example: { roleId: EXAMPLE_ID },
    handler: (ctx, { params, body }) => roles.changeMember(ctx, kinds, params.id, params.tenantUserId, body.roleId),
  });
  router.tenant({
    ...common,
    method: 'DELETE',
    url: `${base}/:tenantUserId`,
    summary: 'Remove a member from a project',
    permission: manage,
    status: 204,
    schemas: { params: memberParams },
    handler: (ctx, { params }) => roles.removeMember(ctx, kinds, params.id, params.tenantUserId),
  });
  router.tenant({
    ...common,
    method: 'GET',
    url: `${projectEntity.basePath}/:id/my-permissions`,
    summary: "The caller's permissions in a project: the workspace's merged with their project role's",
    permission: scopedPermission(projectEntity, 'view'),
    readOnly: true,
    schemas: { params, response: projectPermissionsSchema },
    handler: (ctx, { params }) => roles.myProjectPermissions(ctx, kinds, params.id),
  });
}
