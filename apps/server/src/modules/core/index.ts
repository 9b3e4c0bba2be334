import type { Router } from '../../platform/router';
import type { ModuleDeps } from '../../platform/module';
import { registerCaptions } from '../../platform/captions';
import { DASHBOARD_CAPTIONS } from './dashboard.captions';
import { registerDashboardRoutes } from './dashboard.routes';
import { MAIL_CAPTIONS } from './mail.captions';
import { registerProfileRoutes } from './profile.routes';
import { registerSavedViewRoutes } from './saved-views.routes';
import { registerSharedRecordRoutes } from './shared-records';

export async function registerCoreModule(router: Router, deps: ModuleDeps): Promise<void> {
  registerCaptions(MAIL_CAPTIONS);
  registerSavedViewRoutes(router);
  registerCaptions(DASHBOARD_CAPTIONS);
  registerDashboardRoutes(router);
  registerProfileRoutes(router, { publicUrl: deps.config.publicUrl });
  await registerSharedRecordRoutes(router, deps);
}
