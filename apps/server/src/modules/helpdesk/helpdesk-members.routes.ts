import {
  helpdeskEntity,
  helpdeskMemberInputSchema,
  helpdeskMemberSchema,
  helpdeskMemberUpdateSchema,
  helpdeskPermissionsSchema,
} from '@atrium/domain';
import { z } from 'zod';
import { EXAMPLE_ID, scopedPermission, type RegisteredEntity } from '../../platform/entity';
import type { Router } from '../../platform/router';
import * as members from './helpdesk-members.service';

const params = z.object({ id: z.uuid() });
const memberParams = z.object({ id: z.uuid(), tenantUserId: z.uuid() });

// A helpdesk's members and their roles (decision 094 round six, Plan.Roles): read with the
// helpdesk, changed with its settings permission — the workspace's or the caller's role's there.
export function registerHelpdeskMemberRoutes(router: Router, helpdesk: RegisteredEntity): void {
  const base = `${helpdeskEntity.basePath}/:id/members`;
  const common = { tags: ['Helpdesk'], table: helpdesk.tableName };
  const change = scopedPermission(helpdeskEntity, 'settings');
  router.tenant({
    ...common,
    method: 'GET',
    url: base,
    summary: "A helpdesk's members with their roles (Viewer, Agent, Supervisor)",
    permission: scopedPermission(helpdeskEntity, 'view'),
    readOnly: true,
    schemas: { params, response: z.array(helpdeskMemberSchema) },
    handler: (ctx, { params }) => members.listMembers(ctx, helpdesk, params.id),
  });
  router.tenant({
    ...common,
    method: 'POST',
    url: base,
    summary: 'Add a workspace member to a helpdesk with a role',
    permission: change,
    status: 201,
    schemas: { params, body: helpdeskMemberInputSchema, response: helpdeskMemberSchema },
    example: { tenantUserId: EXAMPLE_ID, role: 'Agent' },
    handler: (ctx, { params, body }) => members.addMember(ctx, helpdesk, params.id, body),
  });
  router.tenant({
    ...common,
    method: 'PUT',
    url: `${base}/:tenantUserId`,
    summary: "Change a member's role in the helpdesk",
    permission: change,
    schemas: { params: memberParams, body: helpdeskMemberUpdateSchema, response: helpdeskMemberSchema },
    example: { role: 'Supervisor' },
    handler: (ctx, { params, body }) => members.changeMember(ctx, helpdesk, params.id, params.tenantUserId, body.role),
  });
  router.tenant({
    ...common,
    method: 'DELETE',
    url: `${base}/:tenantUserId`,
    summary: 'Remove a member from the helpdesk',
    permission: change,
    status: 204,
    schemas: { params: memberParams },
    handler: (ctx, { params }) => members.removeMember(ctx, helpdesk, params.id, params.tenantUserId),
  });
  router.tenant({
    ...common,
    method: 'GET',
    url: `${helpdeskEntity.basePath}/:id/my-permissions`,
    summary: "The caller's permissions in a helpdesk: the workspace's merged with their role's there",
    permission: scopedPermission(helpdeskEntity, 'view'),
    readOnly: true,
    schemas: { params, response: helpdeskPermissionsSchema },
    handler: (ctx, { params }) => members.myHelpdeskPermissions(ctx, helpdesk, params.id),
  });
}
