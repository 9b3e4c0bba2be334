import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, primaryKey, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { tenantColumns, timestamps } from '../../platform/table-helpers';
import { tenantUsers } from '../admin';
import { projects } from './projects.table';

const projectKey = projects as unknown as { tenantId: AnyPgColumn; id: AnyPgColumn };

// Project roles (spec §6, Plan.Roles): a named set of Project permissions owned by a project or
// a project template (owner_id names either, as a workflow's scope does: no foreign key; the
// roles go with their owner's purge, record clean-up). Names are unique per owner whatever the case.
export const projectRoles = pgTable(
  'project_roles',
  {
    ...tenantColumns(),
    ownerId: uuid('owner_id').notNull(),
    name: text('name').notNull(),
    permissions: text('permissions').array().notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('project_roles_owner_name_key').on(t.tenantId, t.ownerId, sql`lower(${t.name})`),
    check('project_roles_name_check', sql`length(name) between 1 and 100`),
  ],
);

// A project's members: a workspace user with one project role in that project.
export const projectMembers = pgTable(
  'project_members',
  {
    ...tenantColumns(),
    projectId: uuid('project_id').notNull(),
    tenantUserId: uuid('tenant_user_id').notNull(),
    roleId: uuid('role_id').notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('project_members_project_user_key').on(t.tenantId, t.projectId, t.tenantUserId),
    foreignKey({
      columns: [t.tenantId, t.projectId],
      foreignColumns: [projectKey.tenantId, projectKey.id],
      name: 'project_members_project_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.tenantUserId],
      foreignColumns: [tenantUsers.tenantId, tenantUsers.id],
      name: 'project_members_user_fk',
    }).onDelete('cascade'),
    // a role with members is not deleted (the service answers 409 first)
    foreignKey({
      columns: [t.tenantId, t.roleId],
      foreignColumns: [projectRoles.tenantId, projectRoles.id],
      name: 'project_members_role_fk',
    }).onDelete('restrict'),
    index('project_members_user_idx').on(t.tenantId, t.tenantUserId),
    index('project_members_role_idx').on(t.tenantId, t.roleId),
  ],
);
