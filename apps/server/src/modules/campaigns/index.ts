import { z } from 'zod';
import { registerCaptions } from '../../platform/captions';
import { entityRegistry, provideRecordsWrittenListener } from '../../platform/entity';
import type { ModuleDeps } from '../../platform/module';
import type { Router } from '../../platform/router';
import { CAMPAIGNS_CAPTIONS } from './campaigns.captions';
import { registerCampaignActionRoutes, registerCampaignRoutes, registerSegmentRoutes } from './campaigns.routes';
import {
  bounceHandler,
  keepMembers,
  rebuildStep,
  refreshSegments,
  runCampaigns,
  sendBatch,
  systemClock,
  type CampaignDeps,
} from './campaigns.service';

export { campaigns, segments, campaignRecipients, segmentMembers } from './campaigns.table';

export const CAMPAIGN_SEND_JOB = 'campaigns.send';
// the every-minute task: its own name, since a job type and a task never share one (their queue)
export const CAMPAIGN_SEND_TASK = 'campaigns.sendDue';
export const SEGMENT_REBUILD_JOB = 'campaigns.rebuildSegments';
export const SEGMENT_REFRESH_TASK = 'campaigns.refreshSegments';
// recipients per transaction of the sending job
const BATCH_SIZE = 50;

// Campaigns and segments (issue 24, decision 095): segments of contacts by the contacts list's
// filter language, campaigns mailed by a job that claims each recipient before its mail is
// written, with a per-workspace hourly limit, and signed unsubscribe and click links.
export async function registerCampaignsModule(router: Router, deps: ModuleDeps): Promise<void> {
  registerCaptions(CAMPAIGNS_CAPTIONS);
  const contact = entityRegistry(router).get('Contact');
  if (!contact) throw new Error('campaigns need the CRM module registered first');
  const base = {
    now: systemClock,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    secret: deps.config.sessionSecret,
    batchSize: BATCH_SIZE,
    bounceDomain: bounceDomain(deps.config.mailFrom, deps.config.publicUrl),
  };
  const kinds = registerCampaignRoutes(router, contact, base.now);
  // segment members follow every contact write, in its transaction (decision 095)
  provideRecordsWrittenListener('campaigns.segment-members', async (ctx, kind, ids) => {
    if (kind === 'Contact') await keepMembers(ctx, kinds, ids);
  });
  const rebuild = deps.jobs.define<{ segmentId?: string | undefined }, { left: string[]; done: number; broken: number }>({
    type: SEGMENT_REBUILD_JOB,
    payload: z.strictObject({ segmentId: z.uuid().optional() }),
    idempotency:
      'Each step rebuilds one segment whole (missing members added, stray ones removed) and saves the segments still to do; a repeated step makes the same members again.',
    handler: (job) =>
      job.steps(async (ctx, checkpoint) => {
        const r = await rebuildStep(ctx, kinds, base.now, job.payload.segmentId, checkpoint);
        const message = r.broken > 0 ? `${r.broken} segment(s) with a filter that no longer works were left as they were` : null;
        return {
          checkpoint: { left: r.left, done: r.done, broken: r.broken },
          progress: { done: r.done, total: r.total, errors: r.broken, message },
          finished: r.left.length === 0,
        };
      }),
  });
  registerSegmentRoutes(router, kinds, rebuild);
  const kick = deps.jobs.define<{ campaignId: string }, { sent: number }>({
    type: CAMPAIGN_SEND_JOB,
    payload: z.strictObject({ campaignId: z.uuid() }),
    idempotency:
      "Each step claims a batch of queued recipients (UPDATE … WHERE state = 'queued', SKIP LOCKED) and writes their mails to the outbox in the same transaction: a step that did not commit left them queued and wrote nothing, so a retry mails nobody twice.",
    handler: (job) =>
      job.steps(async (ctx, checkpoint) => {
        const r = await sendBatch(ctx, kinds, base, job.payload.campaignId);
        const sent = (checkpoint?.sent ?? 0) + r.sent;
        return { checkpoint: { sent }, progress: { done: sent }, finished: r.done || r.throttled };
      }),
  });
  const full: CampaignDeps = { ...base, kick };
  registerCampaignActionRoutes(router, kinds, full, { ...base, kinds, database: deps.database });
  // bounces of campaign mail come back to their VERP address on the inbound listener
  deps.inboundMail.handle(bounceHandler({ ...base, kinds, database: deps.database }));
  deps.jobs.schedule({
    name: CAMPAIGN_SEND_TASK,
    cron: '* * * * *',
    idempotency:
      'Scheduled campaigns start under their row lock (status Scheduled → Sending once); recipients are claimed as in the job, so a run beside the job or another worker mails nobody twice.',
    run: () => runCampaigns({ ...base, kinds, database: deps.database, maxBatches: 20 }),
  });
  deps.jobs.schedule({
    name: SEGMENT_REFRESH_TASK,
    cron: '*/15 * * * *',
    idempotency:
      "A segment is rebuilt whole (the same members however often) and notes when; a run finds only segments with relative dates not yet rebuilt since the workspace's local midnight.",
    run: () => refreshSegments({ ...base, kinds, database: deps.database, maxBatches: 1 }),
  });
}

// The domain of campaign mail's return path: MAIL_FROM's (where its bounces would go anyway),
// else the public address's host.
export function bounceDomain(mailFrom: string, publicUrl: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const domain = address.split('@')[1]?.trim();
  return domain || new URL(publicUrl).hostname || 'atrium.local';
}
