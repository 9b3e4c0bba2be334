import { defineEntity, RECORD_CAPABILITIES } from '../../entity/define-entity';
import { fields } from '../../entity/fields';
import { PROJECT_CODE_PATTERN, PROJECT_STATUSES, SCHEDULING_MODES } from './projects.enumerations';
import { projectModulePermissions } from './projects.permissions';

// A project: a code that prefixes its task keys, a lead (assignee) and collaborators, dates, a
// status and its own task stages (copied from its template, or from the workspace's task
// workflow, when it is created).
export const projectEntity = defineEntity({
  kind: 'Project',
  module: 'projects',
  basePath: '/api/v1/projects',
  web: { path: '/projects', icon: 'ProjectOutlined' },
  title: { fields: ['name'] },
  fields: {
    name: fields.text({ max: 200, required: true, quick: true }),
    code: fields.text({
      max: 10,
      required: true,
      quick: true,
      pattern: { regex: PROJECT_CODE_PATTERN, code: 'validation' },
      uniqueInWorkspace: true,
      example: 'ATR',
    }),
    projectTemplateId: fields.reference('ProjectTemplate', { onDelete: 'clear', quick: true }),
    assigneeId: fields.user({ quick: true, defaultsToCaller: true }),
    // the project's owner (spec: shown only with ViewProjectOwner): the creator unless named
    ownerId: fields.user({ defaultsToCaller: true, readPermission: 'Project.ViewProjectOwner' }),
    status: fields.enumeration(PROJECT_STATUSES),
    startDate: fields.date(),
    endDate: fields.date(),
    schedulingMode: fields.enumeration(SCHEDULING_MODES),
    description: fields.longText({ max: 10000 }),
  },
  searchFields: ['name', 'code'],
  defaultColumns: ['code', 'projectTemplateId', 'assigneeId', 'status'],
  defaultSort: [{ field: 'name', order: 'asc' }],
  savedViewKey: 'projects',
  permissions: projectModulePermissions({
    view: 'Project.ViewProjects',
    create: 'Project.CreateProjects',
    manage: 'Project.ManageProjects',
  }),
  capabilities: { ...RECORD_CAPABILITIES, email: false, ai: true },
  // a member's project role adds to their permissions on the project (spec §6: project roles)
  roleScope: { field: 'id' },
  relations: { contacts: { target: 'Contact' }, organizations: { target: 'Organization' }, opportunities: { target: 'Opportunity' } },
});
