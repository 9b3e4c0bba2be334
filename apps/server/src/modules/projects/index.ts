import { registerCaptions } from '../../platform/captions';
import type { ModuleDeps } from '../../platform/module';
import type { Router } from '../../platform/router';
import { PROJECTS_CAPTIONS } from './projects.captions';
import { registerProjectEntities } from './projects.entities';
import { registerTaskLinkRoutes } from './task-links.routes';

export { projects, tasks } from './projects.table';

export async function registerProjectsModule(router: Router, _deps: ModuleDeps): Promise<void> {
  registerCaptions(PROJECTS_CAPTIONS);
  registerTaskLinkRoutes(router, registerProjectEntities(router));
}
