import { projectEntity, projectTemplateEntity, taskEntity, taskScheduleEntity } from '@atrium/domain';
import type { WebEntity } from '../../platform/entity/web-entity';
import { WorkflowsSettings } from '../../platform/workflows/workflows-settings';
import { GanttTab } from './gantt-tab';
import { projectGanttQuery } from './gantt.api';
import { PortfolioTimelineLink } from './portfolio-timeline-link';
import { ProjectMembers, TemplateRoles } from './project-members';
import { MEMBER_KEYS, fetchMyProjectPermissions } from './project-members.api';
import { ProjectTasks } from './project-tasks';
import { SaveAsTemplate } from './save-as-template';
import { MyTaskCalendarLink, ProjectCalendar } from './task-calendar-links';
import { TaskChecklist } from './task-checklist';
import { TaskLinks } from './task-links';
import { ScheduleUpcoming } from './task-schedules';
import { ProjectTime, TaskTime } from './time-logs';

// Work management on the web: the kinds' lists, record pages, forms and boards come from the
// engine; a project adds its tasks (list and board filtered to it) and its own task stages, a
// template the stages its projects start with.
export const PROJECTS_ENTITIES: WebEntity[] = [
  {
    definition: projectEntity,
    rolePermissions: { queryKey: MEMBER_KEYS.mine, fetch: fetchMyProjectPermissions },
    listActions: () => <PortfolioTimelineLink />,
    actions: (record) => <SaveAsTemplate record={record} />,
    tabs: [
      { key: 'tasks', labelKey: 'projects.task.plural', render: (record) => <ProjectTasks record={record} /> },
      {
        key: 'gantt',
        labelKey: 'projects.gantt.tab',
        render: (record) => <GanttTab.Component record={record} />,
        prefetch: (projectId, queryClient) => {
          void GanttTab.preload();
          void queryClient.prefetchQuery(projectGanttQuery(projectId));
        },
      },
      {
        key: 'calendar',
        labelKey: 'projects.calendar.tab',
        permission: 'Project.ViewTaskCalendar',
        render: (record) => <ProjectCalendar record={record} />,
      },
      {
        key: 'stages',
        labelKey: 'projects.project.stagesTab',
        render: (record) => <WorkflowsSettings entity="Task" scopeId={record.id} managePermission={projectEntity.permissions.settings} />,
      },
      {
        key: 'time',
        labelKey: 'projects.time.tab',
        permission: projectEntity.permissions.view,
        render: (record) => <ProjectTime record={record} />,
      },
      { key: 'members', labelKey: 'projects.members.tab', render: (record) => <ProjectMembers record={record} /> },
    ],
  },
  {
    definition: taskEntity,
    listActions: () => <MyTaskCalendarLink />,
    tabs: [
      { key: 'checklist', labelKey: 'projects.checklist.tab', render: (record) => <TaskChecklist record={record} /> },
      { key: 'links', labelKey: 'projects.taskLinks.tab', render: (record) => <TaskLinks record={record} /> },
      {
        key: 'time',
        labelKey: 'projects.time.tab',
        permission: taskEntity.permissions.view,
        render: (record) => <TaskTime record={record} />,
      },
    ],
  },
  {
    definition: taskScheduleEntity,
    tabs: [{ key: 'upcoming', labelKey: 'projects.schedule.upcoming', render: (record) => <ScheduleUpcoming record={record} /> }],
  },
  {
    definition: projectTemplateEntity,
    tabs: [
      {
        key: 'stages',
        labelKey: 'projects.project.stagesTab',
        render: (record) => (
          <WorkflowsSettings entity="Task" scopeId={record.id} managePermission={projectTemplateEntity.permissions.settings} />
        ),
      },
      { key: 'roles', labelKey: 'projects.roles.tab', render: (record) => <TemplateRoles record={record} /> },
    ],
  },
];
