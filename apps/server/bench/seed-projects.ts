import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIORITIES } from '@atrium/domain';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

// Seeds for the work-management bench (bench/projects.ts): tasks written straight into a project
// that the API created, so that they carry its stages and its task keys.

// the custom field the list filters on: one of 50 values, about 2% of the tasks each
export const WORKSTREAM = { key: 'workstream', values: Array.from({ length: 50 }, (_, i) => `ws-${String(i).padStart(2, '0')}`) };
export const BOARD_RANK_STEP = 1000;
// the first day of a seeded task (day(0)); a chain task k (1-based) starts 2 (k − 1) days later
const FIRST_DAY = '2027-01-04';

export type TaskSeed = { tenantId: string; projectId: string; code: string; stages: readonly string[] };

export const day = (offset: number) => new Date(Date.parse(`${FIRST_DAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

// `count` tasks by COPY: keys CODE-1…, the project's stages round-robin with ranks in each column
// a step apart, due dates over two years, priorities and the workstream spread evenly.
export async function copyTasks(db: pg.Client, seed: TaskSeed, count: number): Promise<void> {
  const { tenantId, projectId, code, stages } = seed;
  function* lines(): Generator<string> {
    const chunk: string[] = [];
    for (let i = 1; i <= count; i++) {
      const stage = stages[i % stages.length] ?? '';
      const workstream = WORKSTREAM.values[(i * 31) % WORKSTREAM.values.length] ?? '';
      const rank = (Math.floor(i / stages.length) + 1) * BOARD_RANK_STEP;
      chunk.push(
        [
          tenantId,
          randomUUID(),
          projectId,
          `${code}-${i}`,
          `Task ${i} of the benchmark`,
          stage,
          day((i * 7919) % 730),
          PRIORITIES[i % PRIORITIES.length],
          JSON.stringify({ [WORKSTREAM.key]: workstream }),
          rank,
        ].join('\t'),
      );
      // one write per thousand rows keeps the stream's overhead out of the seed time
      if (chunk.length === 1000) {
        yield `${chunk.join('\n')}\n`;
        chunk.length = 0;
      }
    }
    if (chunk.length > 0) yield `${chunk.join('\n')}\n`;
  }
  await pipeline(
    Readable.from(lines()),
    db.query(
      copyFrom(
        `copy tasks (tenant_id, id, project_id, number, name, workflow_stage_id, due_date, priority, custom_fields, board_rank) from stdin`,
      ),
    ),
  );
}

// A chain of `length` tasks in one project, each blocking the next (finish-to-start): task k
// starts on day 2 (k − 1) and is due the day after, so each gap is one day.
export async function insertChain(db: pg.Client, seed: TaskSeed, length: number): Promise<string[]> {
  const ids = (
    await db.query<{ id: string }>(
      `insert into tasks (tenant_id, project_id, number, name, workflow_stage_id, start_date, due_date, board_rank)
       select $1, $2, $3 || '-' || k, 'Step ' || k || ' of the chain', $4, $5::date + 2 * (k - 1), $5::date + 2 * (k - 1) + 1, k * $7
       from generate_series(1, $6::int) k order by k returning id`,
      [seed.tenantId, seed.projectId, seed.code, seed.stages[0], FIRST_DAY, length, BOARD_RANK_STEP],
    )
  ).rows.map((r) => r.id);
  await db.query(
    `insert into task_links (tenant_id, from_task_id, to_task_id, kind)
     select $1, ids[k], ids[k + 1], 'blocks' from (select $2::uuid[] as ids) a, generate_series(1, cardinality($2::uuid[]) - 1) k`,
    [seed.tenantId, ids],
  );
  return ids;
}

// Puts the chain's dates back where insertChain left them (after a reschedule moved them).
export async function resetChain(db: pg.Client, seed: TaskSeed): Promise<void> {
  await db.query(
    `update tasks set start_date = $3::date + 2 * (split_part(number, '-', 2)::int - 1),
       due_date = $3::date + 2 * (split_part(number, '-', 2)::int - 1) + 1
     where tenant_id = $1 and project_id = $2`,
    [seed.tenantId, seed.projectId, FIRST_DAY],
  );
}
