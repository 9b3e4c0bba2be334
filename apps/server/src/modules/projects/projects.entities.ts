import { projectEntity, projectTemplateEntity, taskEntity, taskScheduleEntity } from '@atrium/domain';
import { registerEntity, type RegisteredEntity } from '../../platform/entity';
import type { Router } from '../../platform/router';
import { projectHooks, projectTemplateHooks, taskHooks } from './projects.service';
import { taskScheduleHooks } from './task-schedules.service';
import { taskSchedules } from './task-schedules.table';
import { projectContacts, projectOpportunities, projectOrganizations, projects, projectTemplates, tasks } from './projects.table';

// Work management's kinds are declarations; what is theirs alone (stages per project, task
// keys per project, dates and parents of tasks) sits in their hooks.
export function registerProjectEntities(router: Router): {
  project: RegisteredEntity;
  projectTemplate: RegisteredEntity;
  task: RegisteredEntity;
  taskSchedule: RegisteredEntity;
} {
  const projectTemplate = registerEntity(router, projectTemplateEntity, {
    table: projectTemplates,
    hooks: projectTemplateHooks,
    example: { name: 'Office move', description: 'Everything from the lease to the first day in the new office' },
    patchExample: [{ op: 'replace', path: '/description', value: 'Moving offices, step by step' }],
  });
  const project = registerEntity(router, projectEntity, {
    table: projects,
    hooks: projectHooks,
    relations: { contacts: projectContacts, organizations: projectOrganizations, opportunities: projectOpportunities },
    example: { name: 'Website relaunch', code: 'WEB', startDate: '2027-01-04', endDate: '2027-03-31' },
    patchExample: [{ op: 'replace', path: '/status', value: 'Active' }],
  });
  const task = registerEntity(router, taskEntity, {
    table: tasks,
    hooks: taskHooks,
    example: { name: 'Write the launch post', projectId: '0b9e8c1e-4c1b-4d8e-9a51-2f0c0e7b1a11', priority: 'High', dueDate: '2027-02-15' },
    patchExample: [{ op: 'replace', path: '/priority', value: 'Critical' }],
  });
  const taskSchedule = registerEntity(router, taskScheduleEntity, {
    table: taskSchedules,
    hooks: taskScheduleHooks,
    example: {
      name: 'Weekly status report',
      projectId: '0b9e8c1e-4c1b-4d8e-9a51-2f0c0e7b1a11',
      rule: 'FREQ=WEEKLY;BYDAY=MO',
      startsAt: '2027-01-04T09:00',
      timeZone: 'Europe/Berlin',
      dueAfterDays: 2,
      active: true,
    },
    patchExample: [{ op: 'replace', path: '/rule', value: 'FREQ=WEEKLY;BYDAY=MO,TH' }],
  });
  return { project, projectTemplate, task, taskSchedule };
}
