import { defineEntity, RECORD_CAPABILITIES } from '../../entity/define-entity';
import { fields } from '../../entity/fields';
import { PRIORITIES } from '../../enums';
import { projectModulePermissions } from './projects.permissions';

// A task of a project: numbered per project (ATR-12), in one of its project's stages, with an
// assignee, a priority, start and due dates, a parent (subtasks) and a type (Pro).
export const taskEntity = defineEntity({
  kind: 'Task',
  module: 'projects',
  basePath: '/api/v1/tasks',
  web: { path: '/tasks', icon: 'CheckSquareOutlined' },
  title: { fields: ['name'] },
  fields: {
    name: fields.text({ max: 300, required: true, quick: true }),
    projectId: fields.reference('Project', { onDelete: 'refuse', required: true, quick: true }),
    assigneeId: fields.user({ quick: true }),
    priority: fields.enumeration(PRIORITIES, { quick: true }),
    startDate: fields.date({ quick: true }),
    dueDate: fields.date({ quick: true }),
    parentTaskId: fields.reference('Task', { onDelete: 'clear' }),
    estimateHours: fields.decimal({ scale: 2, min: 0, max: 100000 }),
    description: fields.longText({ max: 20000 }),
  },
  searchFields: ['name', 'number'],
  defaultColumns: ['number', 'projectId', 'assigneeId', 'priority', 'dueDate', 'workflowStage'],
  defaultSort: [{ field: 'dueDate', order: 'asc' }],
  savedViewKey: 'project-tasks',
  permissions: projectModulePermissions({
    view: 'Project.ViewProjects',
    create: 'Project.CreateTasks',
    manage: 'Project.ManageTasks',
    delete: 'Project.DeleteTasks',
  }),
  capabilities: { ...RECORD_CAPABILITIES, email: false, workflowStage: true },
  defaultStages: [
    { name: 'To do', stageType: 'Open', color: '#8c8c8c' },
    { name: 'In progress', stageType: 'InProgress', color: '#1677ff' },
    { name: 'In review', stageType: 'InProgress', color: '#722ed1' },
    { name: 'Done', stageType: 'Closed', color: '#52c41a' },
  ],
  types: { basePath: '/api/v1/task-types' },
  numbering: { prefix: 'TASK', scope: { field: 'projectId', prefixField: 'code' } },
  workflowScope: { field: 'projectId', owners: ['Project', 'ProjectTemplate'] },
  hierarchy: { field: 'parentTaskId' },
  // task custom fields and task types are Projects Pro (spec §1, §6; decision 089)
  planGates: { customFields: 'Plan.TaskCustomFields', types: 'Plan.ProjectSettings' },
  // a project member's role adds to their permissions on the project's tasks (spec §6)
  roleScope: { field: 'projectId' },
  // a column's total: its cards' estimated hours
  board: { sum: 'estimateHours', card: ['assigneeId', 'priority', 'dueDate'], due: 'dueDate' },
});
