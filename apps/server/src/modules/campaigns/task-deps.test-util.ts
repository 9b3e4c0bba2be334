import type { TestApp } from '../../../test/harness';
import { entityRegistry } from '../../platform/entity';
import type { CampaignKinds, TaskDeps } from './campaigns.service';

// The send job's dependencies on a test app, as the module wires them, with the test's clock and
// bounce domain: one set for every campaigns test that runs the job by hand.
export function taskDepsOf(t: TestApp, now: () => Date, bounceDomain = 'atrium.test'): TaskDeps {
  const registry = entityRegistry(t.app.atrium.router);
  const kinds = { contact: registry.get('Contact'), segment: registry.get('Segment'), campaign: registry.get('Campaign') } as CampaignKinds;
  return {
    now,
    mailer: t.app.atrium.mailer,
    publicUrl: t.config.publicUrl,
    secret: t.config.sessionSecret,
    batchSize: 50,
    bounceDomain,
    kinds,
    database: t.database,
    maxBatches: 20,
  };
}
