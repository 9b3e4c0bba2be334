import { jobSchema } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { App } from '../src/app';

export const TEST_STEPS_URL = '/api/v1/test/steps';

// A job type for the runtime's own tests: each step inserts the tag `step-<n>` (unique per
// workspace, so a step done twice fails the job) and reports which process ran it and how many
// tags it can see (RLS: only its workspace's). Registered by tests only, with a route to start it.
// the error the test job knows: its `failure` words it for people
class StepRefused extends Error {}

export function defineTestJobs(app: App): void {
  const stepsJob = app.atrium.jobs.define<{ count: number; stepMs: number; refuseAt?: number | undefined }, { next: number }>({
    type: 'test.steps',
    payload: z.strictObject({
      count: z.number().int().min(0).max(1000),
      stepMs: z.number().int().min(0).max(10_000),
      // the step that fails with the known error
      refuseAt: z.number().int().min(1).optional(),
    }),
    idempotency: 'Each step inserts tag step-<n> in the transaction that moves the checkpoint to n + 1.',
    failure: (err) => (err instanceof StepRefused ? err.message : undefined),
    handler: async (job) =>
      job.steps(async (ctx, checkpoint) => {
        const n = checkpoint?.next ?? 0;
        const { count, stepMs, refuseAt } = job.payload;
        if (n >= count) return { checkpoint: { next: n }, progress: { done: n, total: count }, finished: true };
        if (refuseAt === n + 1) throw new StepRefused(`Step ${n + 1} was refused, as the test asked`);
        await new Promise((r) => setTimeout(r, stepMs));
        await ctx.db.execute(sql`insert into tags (tenant_id, name, color) values (${ctx.tenantId}, ${`step-${n + 1}`}, '#021F65')`);
        const seen = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from tags`);
        return {
          checkpoint: { next: n + 1 },
          progress: { done: n + 1, total: count, message: `step ${n + 1} on pid ${process.pid}; sees ${seen.rows[0]?.n ?? 0} tags` },
          finished: n + 1 >= count,
        };
      }),
  });
  app.atrium.router.tenant({
    method: 'POST',
    url: TEST_STEPS_URL,
    summary: 'Start the test job',
    tags: ['Test'],
    permission: null,
    status: 201,
    schemas: {
      body: z.strictObject({ count: z.number().int(), stepMs: z.number().int(), refuseAt: z.number().int().optional() }),
      response: jobSchema,
    },
    handler: (ctx, { body }) => stepsJob.enqueue(ctx, body),
  });
}
