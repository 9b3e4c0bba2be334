import { projectEntity, projectTemplateEntity, taskEntity } from '@atrium/domain';
import type { WebEntity } from '../../platform/entity/web-entity';
import { WorkflowsSettings } from '../../platform/workflows/workflows-settings';
import { ProjectTasks } from './project-tasks';

// Work management on the web: the kinds' lists, record pages, forms and boards come from the
// engine; a project adds its tasks (list and board filtered to it) and its own task stages, a
// template the stages its projects start with.
export const PROJECTS_ENTITIES: WebEntity[] = [
  {
    definition: projectEntity,
    tabs: [
      { key: 'tasks', labelKey: 'projects.task.plural', render: (record) => <ProjectTasks record={record} /> },
      {
        key: 'stages',
        labelKey: 'projects.project.stagesTab',
        render: (record) => <WorkflowsSettings entity="Task" scopeId={record.id} managePermission={projectEntity.permissions.settings} />,
      },
    ],
  },
  { definition: taskEntity },
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
    ],
  },
];
