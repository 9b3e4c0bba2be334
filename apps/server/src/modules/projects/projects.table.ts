import { projectEntity, projectTemplateEntity, taskEntity } from '@atrium/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { entityTable, relationTable } from '../../platform/entity';
import { tenantUsers } from '../admin';
import { contacts, opportunities, organizations } from '../crm';

export const projectTemplates = entityTable('project_templates', projectTemplateEntity);
export const projects = entityTable('projects', projectEntity, {
  references: { ProjectTemplate: projectTemplates, User: tenantUsers },
});
// the customers and deals a project is for (spec §7: link and unlink projects)
export const projectContacts = relationTable('project_contacts', projects, contacts);
export const projectOrganizations = relationTable('project_organizations', projects, organizations);
export const projectOpportunities = relationTable('project_opportunities', projects, opportunities);

export const tasks = entityTable('tasks', taskEntity, {
  references: { Project: projects, User: tenantUsers },
});

// the key other tables point at (an engine table's columns are typed loosely)
export const taskKey = tasks as unknown as { tenantId: AnyPgColumn; id: AnyPgColumn };
