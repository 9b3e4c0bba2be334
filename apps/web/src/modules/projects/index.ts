// The work-management module's public door: what the app composes.
export { PROJECTS_ENTITIES } from './projects.entities';
export { MY_TASK_CALENDAR_PATH } from './projects.routes';
