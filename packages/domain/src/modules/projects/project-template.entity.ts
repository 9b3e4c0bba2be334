import { defineEntity } from '../../entity/define-entity';
import { fields } from '../../entity/fields';
import { projectModulePermissions } from './projects.permissions';

// A project template: its task stages (task workflows owned by the template), task types and
// scheduled tasks are what a project created from it starts with; a template can also be made
// from a project.
export const projectTemplateEntity = defineEntity({
  kind: 'ProjectTemplate',
  module: 'projects',
  basePath: '/api/v1/project-templates',
  web: { path: '/project-templates', icon: 'CopyOutlined' },
  title: { fields: ['name'] },
  fields: {
    name: fields.text({ max: 200, required: true, quick: true }),
    description: fields.longText({ max: 5000, quick: true }),
  },
  searchFields: ['name'],
  defaultColumns: ['description', 'updatedAt'],
  defaultSort: [{ field: 'name', order: 'asc' }],
  savedViewKey: 'project-templates',
  permissions: projectModulePermissions({
    view: 'Project.ViewProjectTemplates',
    create: 'Project.CreateProjectTemplates',
    manage: 'Project.ManageProjectTemplates',
    settings: 'Project.ManageProjectTemplates',
  }),
  capabilities: { archive: true, notes: true, documents: true },
});
