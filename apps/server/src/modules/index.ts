import type { Config } from '../platform/config';
import type { Database } from '../platform/database';
import type { JobRuntime } from '../platform/jobs/job-runtime';
import type { Mailer } from '../platform/mail/mailer';
import type { Router } from '../platform/router';
import { registerAdminModule } from './admin';
import { registerCoreModule } from './core';
import { registerCrmModule } from './crm';

export type ModuleDeps = { config: Config; database: Database; mailer: Mailer; jobs: JobRuntime };

// Each business module registers its routes here; the platform never imports a module.
export async function registerModules(router: Router, deps: ModuleDeps): Promise<void> {
  await registerAdminModule(router, deps);
  await registerCoreModule(router, deps);
  await registerCrmModule(router, deps);
}
