import { defineEntity } from '../../entity/define-entity';
import { fields } from '../../entity/fields';
import { LIMITS } from '../../constants';
import { HELPDESK_CODE_PATTERN, TASK_STAGE_FLOWS } from './helpdesk.enumerations';
import { helpdeskModulePermissions } from './helpdesk.permissions';

// A helpdesk: a code that prefixes its request numbers (HELP-12), the slug of its public portal
// (an old slug keeps redirecting), the address its replies are sent from, and whether the portal
// is on. Free Workplace and Free Helpdesk allow one (plan limit `helpdesks`).
export const helpdeskEntity = defineEntity({
  kind: 'Helpdesk',
  module: 'helpdesk',
  basePath: '/api/v1/helpdesks',
  web: { path: '/helpdesks', icon: 'CustomerServiceOutlined' },
  title: { fields: ['name'] },
  fields: {
    name: fields.text({ max: 200, required: true, quick: true, example: 'Customer support' }),
    code: fields.text({
      max: 10,
      required: true,
      quick: true,
      pattern: { regex: HELPDESK_CODE_PATTERN, code: 'validation' },
      uniqueInWorkspace: true,
      example: 'HELP',
    }),
    portalSlug: fields.slug({ max: LIMITS.slugMax, quick: true, example: 'support' }),
    senderAddress: fields.email({ quick: true, example: 'support@example.com' }),
    portalEnabled: fields.boolean(),
    description: fields.longText({ max: 5000 }),
    // request ↔ task (round three): which way stages follow, and the request's stage (by name, in
    // its workflow) when its task is closed — empty: the workflow's first Closed stage
    taskStageFlow: fields.enumeration(TASK_STAGE_FLOWS, { defaultValue: 'TaskToRequest' }),
    requestStageOnTaskDone: fields.text({ max: 100, example: 'Resolved' }),
    // the e-mail template (Plan.CustomEmails, round five): a subject prefix and an HTML wrapper
    // with merge fields ({{reply}}, {{request.number}} …) around agent replies and the
    // acknowledgement; edited on the helpdesk's E-mail tab, not on its form
    emailSubjectPrefix: fields.text({ max: 50, form: false, example: '[Acme support]' }),
    emailTemplate: fields.longText({ max: 20000, form: false }),
  },
  oldSlugs: { field: 'portalSlug' },
  searchFields: ['name', 'code', 'portalSlug'],
  defaultColumns: ['code', 'portalSlug', 'senderAddress', 'portalEnabled'],
  defaultSort: [{ field: 'name', order: 'asc' }],
  savedViewKey: 'helpdesks',
  permissions: helpdeskModulePermissions({
    view: 'Helpdesk.View',
    create: 'Helpdesk.PublishHelpdesk',
    manage: 'Helpdesk.Manage',
    delete: 'Helpdesk.PublishHelpdesk',
  }),
  capabilities: { archive: true },
  // a member's role in the helpdesk adds to their permissions on it (decision 094 round six)
  roleScope: { field: 'id' },
});
