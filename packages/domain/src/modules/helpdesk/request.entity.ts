import { defineEntity, RECORD_CAPABILITIES } from '../../entity/define-entity';
import { fields } from '../../entity/fields';
import { PRIORITIES } from '../../enums';
import { REQUEST_CHANNELS } from './helpdesk.enumerations';
import { helpdeskModulePermissions } from './helpdesk.permissions';

// A request to a helpdesk: numbered per helpdesk (HELP-12), from a requester (a contact, found
// or created by requesterEmail when not named), with a subject, the first message, a stage, an
// assignee (the topic's default one when left empty), a priority and a topic; its stages are
// its helpdesk's. Its conversation
// (replies and internal notes) is the module's own list; a task made from it is `taskId`.
export const requestEntity = defineEntity({
  kind: 'Request',
  module: 'helpdesk',
  basePath: '/api/v1/requests',
  web: { path: '/requests', icon: 'InboxOutlined' },
  title: { fields: ['subject'] },
  fields: {
    subject: fields.text({ max: 300, required: true, quick: true, example: 'Cannot sign in' }),
    helpdeskId: fields.reference('Helpdesk', { onDelete: 'refuse', required: true, quick: true }),
    requesterId: fields.reference('Contact', { onDelete: 'clear', quick: true }),
    requesterEmail: fields.email({ quick: true, example: 'ada@example.com' }),
    topicId: fields.reference('Topic', { onDelete: 'clear', quick: true }),
    assigneeId: fields.user({ quick: true }),
    priority: fields.enumeration(PRIORITIES, { quick: true }),
    channel: fields.enumeration(REQUEST_CHANNELS, { defaultValue: 'Agent', readOnly: true }),
    taskId: fields.reference('Task', { onDelete: 'clear', readOnly: true }),
    description: fields.longText({ max: 20000, quick: true }),
  },
  searchFields: ['subject', 'number', 'requesterEmail'],
  defaultColumns: ['number', 'helpdeskId', 'requesterId', 'assigneeId', 'priority', 'workflowStage'],
  defaultSort: [{ field: 'createdAt', order: 'desc' }],
  savedViewKey: 'helpdesk-requests',
  permissions: helpdeskModulePermissions({
    view: 'Helpdesk.View',
    create: 'Helpdesk.Create',
    manage: 'Helpdesk.ManageRequests',
    delete: 'Helpdesk.DeleteRequests',
  }),
  capabilities: { ...RECORD_CAPABILITIES, email: false, workflowStage: true },
  defaultStages: [
    { name: 'New', stageType: 'Open', color: '#1677ff' },
    { name: 'Open', stageType: 'InProgress', color: '#fa8c16' },
    { name: 'Waiting', stageType: 'InProgress', color: '#8c8c8c' },
    { name: 'Resolved', stageType: 'Closed', color: '#52c41a' },
  ],
  // the spec's helpdesk "task types" (§7), per workspace as task types are; flat as every kind's
  // types, since /helpdesks/task-types/{id} would be ambiguous with /helpdesks/{id}/members (decision 094 round seven)
  types: { basePath: '/api/v1/helpdesk-task-types' },
  // a Helpdesk Pro feature (§1); a type selects its own custom fields, so the plan's advanced fields
  planGates: { types: 'Plan.AdvancedFields' },
  numbering: { prefix: 'REQ', scope: { field: 'helpdeskId', prefixField: 'code' } },
  // each helpdesk has its own request stages (decision 094 round six), as a project has its task stages
  workflowScope: { field: 'helpdeskId', owners: ['Helpdesk'] },
  // a helpdesk member's role adds to their permissions on the helpdesk's requests (round six)
  roleScope: { field: 'helpdeskId' },
});
