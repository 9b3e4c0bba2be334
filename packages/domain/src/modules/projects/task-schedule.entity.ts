import { defineEntity } from '../../entity/define-entity';
import { fields } from '../../entity/fields';
import { PRIORITIES } from '../../enums';
import { TIME_ZONES } from '../../schemas';
import { projectModulePermissions } from './projects.permissions';

// A local date and time without a zone: the schedule's zone places it (spec: scheduled tasks).
export const SCHEDULE_STARTS_AT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

// A task created again and again by an RFC 5545 rule (RRULE), expanded in its zone. A schedule
// belongs to a project or to a template (copied into each project created from it); only a
// project's active schedules create tasks.
export const taskScheduleEntity = defineEntity({
  kind: 'TaskSchedule',
  module: 'projects',
  basePath: '/api/v1/task-schedules',
  web: { path: '/task-schedules', icon: 'ScheduleOutlined' },
  title: { fields: ['name'] },
  fields: {
    // the title each created task gets
    name: fields.text({ max: 300, required: true, quick: true }),
    projectId: fields.reference('Project', { onDelete: 'refuse', quick: true }),
    projectTemplateId: fields.reference('ProjectTemplate', { onDelete: 'clear' }),
    rule: fields.text({ max: 500, required: true, quick: true, example: 'FREQ=WEEKLY;BYDAY=MO' }),
    startsAt: fields.text({
      max: 16,
      required: true,
      quick: true,
      pattern: { regex: SCHEDULE_STARTS_AT_PATTERN, code: 'invalidDate' },
      example: '2027-01-04T09:00',
    }),
    timeZone: fields.enumeration(TIME_ZONES, { required: true, quick: true, example: 'Europe/Berlin', optionLabels: 'values' }),
    assigneeId: fields.user({ quick: true }),
    priority: fields.enumeration(PRIORITIES),
    // the created task is due this many days after the occurrence's local date
    dueAfterDays: fields.integer({ min: 0, max: 365 }),
    active: fields.boolean({ quick: true }),
    lastRunAt: fields.dateTime({ readOnly: true }),
  },
  searchFields: ['name'],
  defaultColumns: ['projectId', 'rule', 'assigneeId', 'active'],
  defaultSort: [{ field: 'name', order: 'asc' }],
  savedViewKey: 'scheduled-tasks',
  permissions: projectModulePermissions({
    view: 'Project.ViewScheduleTasks',
    create: 'Project.ScheduleTasks',
    manage: 'Project.ScheduleTasks',
  }),
  capabilities: { archive: true },
});
